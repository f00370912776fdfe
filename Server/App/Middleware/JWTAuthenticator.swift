import ExamPrepShared
import Foundation
import Hummingbird

/// Proves who is calling: a valid `Authorization: Bearer` access token whose session is
/// still open. On success the context's `identity` is set; otherwise 401 (with
/// `token_expired` when only the expiry is wrong, so clients know to refresh).
struct JWTAuthenticator: RouterMiddleware {
    typealias Context = AppRequestContext

    let tokens: AccessTokens
    let sessions: SessionRepository

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let header = request.headers[.authorization] else { throw HTTPFailure.missingToken }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else {
            throw HTTPFailure(.unauthorized, .unauthorized, "api.bearer-scheme")
        }
        let user: AuthenticatedUser
        switch await tokens.verify(String(parts[1].trimmingSpacesAndTabs())) {
        case .valid(let verified): user = verified
        case .expired: throw HTTPFailure.expiredToken
        case .invalid: throw HTTPFailure.invalidToken
        }
        guard let session = try await sessions.isActive(sessionID: user.sessionID, userID: user.id, logger: context.logger) else {
            throw HTTPFailure.sessionEnded
        }
        context.language.personSetting(session.language)
        var context = context
        context.identity = user
        return try await next(request, context)
    }
}

extension Substring {
    /// Without the spaces and tabs around it (header values are ASCII; Foundation's
    /// `trimmingCharacters(in:)` costs more than the rest of the check).
    fileprivate func trimmingSpacesAndTabs() -> Substring {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return self[first...last]
    }
}
