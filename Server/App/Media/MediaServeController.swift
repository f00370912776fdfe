import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /media/{mediaId}`: a course's picture, for its teacher and its enrolled students, who
/// are known by a bearer token (the apps, the CLI) or by the browser's session cookie (the
/// pages' `<img>`); anyone else, signed in or not, is 404 as for no picture at all. The
/// picture never changes under its id, so it is cached for a year (privately) and an
/// `If-None-Match` naming its ETag is 304; `nosniff` and a CSP of `default-src 'none'` keep a
/// browser from reading it as anything but a picture.
struct MediaServeController {
    let media: MediaRepository
    let tokens: AccessTokens
    let sessions: SessionRepository
    let webSessions: WebSessions
    let cookies: WebCookies

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get(RouterPath(APIPaths.media.pattern), use: serve)
    }

    @Sendable func serve(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let mediaID = context.parameters.get("mediaId", as: Int.self), let userID = try await viewer(request, context: context),
            let picture = try await media.picture(mediaID: mediaID, userID: userID, logger: context.logger)
        else { throw HTTPFailure.notFound("media.no-such-picture") }
        let etag = "\"\(picture.sha256)\""
        var headers: HTTPFields = [
            .cacheControl: "private, max-age=31536000, immutable", .eTag: etag, HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            .contentSecurityPolicy: "default-src 'none'",
        ]
        if Self.matches(request.headers[values: .ifNoneMatch], etag: etag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = picture.type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: picture.bytes)))
    }

    /// The signed-in person asking: a valid bearer token of an open session, else the session
    /// cookie's; nil for anyone else (a bad or expired token too: the answer is 404 either way).
    private func viewer(_ request: Request, context: AppRequestContext) async throws -> Int? {
        if let header = request.headers[.authorization] {
            let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, parts[0].lowercased() == "bearer",
                case .valid(let user) = await tokens.verify(parts[1].trimmingCharacters(in: .whitespaces)),
                try await sessions.isActive(sessionID: user.sessionID, userID: user.id, logger: context.logger) != nil
            else { return nil }
            return user.id
        }
        guard let token = WebCookies.value(cookies.sessionName, in: request.headers) else { return nil }
        return try await webSessions.find(token: token, logger: context.logger)?.userID
    }

    /// Whether `If-None-Match` names the ETag (or `*`); weak ETags compare as strong ones here.
    static func matches(_ values: [String], etag: String) -> Bool {
        values.flatMap { $0.split(separator: ",") }.contains { tag in
            let trimmed = tag.trimmingCharacters(in: .whitespaces)
            return trimmed == "*" || trimmed == etag || trimmed == "W/" + etag
        }
    }
}
