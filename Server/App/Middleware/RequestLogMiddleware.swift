import Foundation
import Hummingbird
import Logging

/// One log line per request: request id, client address, method, path (without the query),
/// status and duration. Never headers or bodies, so no password, token or hash reaches the
/// log; a sign-in link's path, which holds its token, is logged without it. It wraps `ErrorMiddleware`, so every failure arrives here as the response it became.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        let response = try await next(request, context)
        let elapsed = ContinuousClock.now - start
        context.logger.info(
            "request",
            metadata: [
                "client": "\(context.clientAddress)",
                "method": "\(request.method.rawValue)",
                "path": "\(Self.loggable(request.uri.path))",
                "status": "\(response.status.code)",
                "duration_ms": "\(Self.milliseconds(elapsed))",
            ])
        return response
    }

    /// The paths whose last segment is a one-time token (an invitation, a password reset, a
    /// sign-in link): whoever reads the log must not be able to use it. The path is logged as
    /// `prefix…`, however the token's letters are cased or percent-encoded, and however many
    /// slashes stand between the segments (the router reads `//reset//x` as `/reset/x`).
    static let tokenPathPrefixes = [
        "/api/invitations/", "/api/password-reset/", "/invitations/", "/reset/", SignInLinkPageController.pathPrefix,
        AppSignInPageController.continuePrefix,
    ]

    /// `tokenPathPrefixes` as the router reads them: their segments.
    private static let tokenPathSegments = tokenPathPrefixes.map { segments($0) }

    static func loggable(_ path: String) -> String {
        // Only a path with a `%` needs decoding (most have none, and Foundation's decoding was
        // a quarter of this middleware's time).
        let decoded = path.utf8.contains(UInt8(ascii: "%")) ? (path.removingPercentEncoding ?? path) : path
        let segments = Self.segments(decoded.lowercased())
        for (index, prefix) in tokenPathSegments.enumerated()
        where segments.count > prefix.count && segments.starts(with: prefix) {
            return tokenPathPrefixes[index] + "…"
        }
        return path
    }

    /// A path's segments as the router matches them: empty ones (from `//`) and `.` left out.
    private static func segments(_ path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
    }

    /// `duration` in milliseconds with two decimals (`12.34`), rounded half up.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let hundredths = seconds * 100_000 + (attoseconds + 5_000_000_000_000) / 10_000_000_000_000
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
