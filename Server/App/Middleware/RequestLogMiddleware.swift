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
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info(
            "request",
            metadata: [
                "client": "\(context.clientAddress)",
                "method": "\(request.method.rawValue)",
                "path": "\(Self.loggable(request.uri.path))",
                "status": "\(response.status.code)",
                "duration_ms": "\(String(format: "%.2f", milliseconds))",
            ])
        return response
    }

    /// The paths whose last segment is a one-time token (an invitation, a password reset, a
    /// sign-in link): whoever reads the log must not be able to use it. The path is logged as
    /// `prefix…`, however the token's letters are cased or percent-encoded.
    static let tokenPathPrefixes = [
        "/api/invitations/", "/api/password-reset/", "/invitations/", "/reset/", SignInLinkPageController.pathPrefix,
    ]

    static func loggable(_ path: String) -> String {
        let plain = (path.removingPercentEncoding ?? path).lowercased()
        guard let prefix = tokenPathPrefixes.first(where: { plain.hasPrefix($0) && plain.count > $0.count }) else { return path }
        return prefix + "…"
    }
}
