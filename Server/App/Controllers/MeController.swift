import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `/api/me…`: the signed-in user's own account, any role: `GET /api/me` (who the token
/// belongs to), `POST /api/me/password`, `GET /api/me/sessions`, `DELETE /api/me/sessions/{id}`
/// and `DELETE /api/me`.
/// A password asked for here is checked as a login is, and a wrong one counts as a failed login.
struct MeController {
    let users: UserRepository
    let sessions: SessionRepository
    let accounts: Accounts
    let cursors: CursorCodec
    let clock: ServerClock
    /// The password rule and the change of a password (`AccountActions`).
    let accountActions: AccountActions

    private var hasher: PasswordHasher { accounts.hasher }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.get(RouterPath(APIPaths.me), use: me)
        group.put(RouterPath(APIPaths.meLanguage), use: setLanguage)
        group.put(RouterPath(APIPaths.meName), use: setName)
        group.post(RouterPath(APIPaths.mePassword), use: changePassword)
        group.get(RouterPath(APIPaths.meSessions), use: listSessions)
        group.delete(RouterPath(APIPaths.meSession.pattern), use: endSession)
        group.delete(RouterPath(APIPaths.me), use: deleteAccount)
    }

    @Sendable func me(_ request: Request, context: AuthenticatedContext) async throws -> UserProfile {
        guard let user = try await users.find(id: context.user.id, logger: context.logger) else { throw HTTPFailure.sessionEnded }
        return UserProfile(id: user.id, email: user.email, role: user.role, language: user.language, name: user.name)
    }

    /// The person's name, which teachers see instead of the address; null or an empty name
    /// removes it.
    @Sendable func setName(_ request: Request, context: AuthenticatedContext) async throws -> UserProfile {
        let body = try await request.decode(as: NameSettingRequest.self, context: context)
        let name = try PersonName.optional(body.name)
        guard try await users.setName(userID: context.user.id, to: name, logger: context.logger) else {
            throw HTTPFailure.sessionEnded
        }
        return try await me(request, context: context)
    }

    /// The person's own language, for every page, mail and message from now on; sessions this
    /// replica remembers learn it at once, other replicas' within their cache's time to live.
    @Sendable func setLanguage(_ request: Request, context: AuthenticatedContext) async throws -> UserProfile {
        let body = try await request.decode(as: LanguageSettingRequest.self, context: context)
        let language = try LanguageSetting.parse(body.language)
        guard try await accounts.setLanguage(userID: context.user.id, to: language, sessions: sessions, logger: context.logger) else {
            throw HTTPFailure.sessionEnded
        }
        context.language.personSetting(language)
        return try await me(request, context: context)
    }

    /// Every other session of the user ends; the one making the change stays open.
    @Sendable func changePassword(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let body = try await request.decode(as: ChangePasswordRequest.self, context: context)
        try accountActions.checkPassword(body.newPassword)
        let user = try await confirm(password: body.currentPassword, context: context)
        try await accountActions.changePassword(
            userID: user.id, to: body.newPassword, keeping: context.user.sessionID, logger: context.logger)
        return SuccessResponse(message: context.catalogue.string(Message("api.me.password-changed")))
    }

    @Sendable func listSessions(_ request: Request, context: AuthenticatedContext) async throws -> Page<SessionInfo> {
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await sessions.openSessions(userID: context.user.id, page: page, logger: context.logger)
        let (items, nextAfter) = page.page(rows, key: \.seq)
        let infos = items.map { item in
            SessionInfo(
                id: item.session.id, createdAt: item.session.createdAt, lastUsedAt: item.session.lastUsedAt,
                userAgent: item.session.userAgent, current: item.session.id == context.user.sessionID)
        }
        return Page(items: infos, nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    @Sendable func endSession(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let sessionID = try context.parameters.require("sessionId", as: UUID.self)
        guard try await sessions.end(sessionID: sessionID, userID: context.user.id, logger: context.logger) else {
            throw HTTPFailure.notFound("api.me.no-session")
        }
        return SuccessResponse(message: context.catalogue.string(Message("api.me.session-ended")))
    }

    /// The account and everything it owns are deleted; every token of it stops working.
    @Sendable func deleteAccount(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let body = try await request.decode(as: DeleteAccountRequest.self, context: context)
        let user = try await confirm(password: body.password, context: context)
        guard try await users.delete(userID: user.id, now: clock.now(), logger: context.logger) else { throw HTTPFailure.sessionEnded }
        sessions.forgetSessions(ofUser: user.id)
        context.logger.info("deleted account", metadata: ["user_id": "\(user.id)"])
        return SuccessResponse(message: context.catalogue.string(Message("api.me.account-deleted")))
    }

    /// The signed-in user, once `password` is proven to be theirs.
    private func confirm(password: String, context: AuthenticatedContext) async throws -> UserRecord {
        switch try await accounts.confirm(
            userID: context.user.id, password: password, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .confirmed(let user): return user
        case .wrong: throw HTTPFailure.invalidCredentials
        case .limited(let refusal): throw HTTPFailure.limited(refusal)
        case .noAccount: throw HTTPFailure.sessionEnded
        }
    }
}
