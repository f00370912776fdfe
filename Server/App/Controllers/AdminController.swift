import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `/api/admin/…` (admins only): the accounts (list, search, disable, enable), invitations
/// (make, list, revoke) and the audit log. Every change is written to the audit log with the
/// admin, the account, the time and the client's address.
struct AdminController {
    let accounts: SchoolAccounts
    let sessions: SessionRepository
    let cursors: CursorCodec

    private var users: AdminUserRepository { accounts.users }
    private var invitations: InvitationActions { accounts.invitations }
    private var audit: AdminAuditRepository { accounts.audit }
    private var resets: PasswordResets { accounts.resets }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let admins = group.group().add(middleware: RequireRole(.admin))
        admins.get(RouterPath(APIPaths.adminUsers), use: listUsers)
        admins.post(RouterPath(APIPaths.disableUser.pattern), use: disable)
        admins.post(RouterPath(APIPaths.enableUser.pattern), use: enable)
        admins.post(RouterPath(APIPaths.adminResetLink.pattern), use: resetLink)
        admins.get(RouterPath(APIPaths.adminInvitations), use: listInvitations)
        admins.post(RouterPath(APIPaths.adminInvitations), use: invite)
        admins.delete(RouterPath(APIPaths.adminInvitation.pattern), use: revokeInvitation)
        admins.get(RouterPath(APIPaths.adminAudit), use: listAudit)
    }

    @Sendable func listUsers(_ request: Request, context: AuthenticatedContext) async throws -> Page<AccountInfo> {
        let page = try PageRequest(request, cursors: cursors)
        let query = request.uri.queryParameters
        // `role=` with nothing is no role either: 400, as the schema's enum says.
        let role = try query.get(APIPaths.roleQueryItem).flatMap { text -> Role? in
            guard let role = Role(name: text) else { throw InvalidInput("api.admin.role-filter") }
            return role
        }
        let search = try query.get(APIPaths.searchQueryItem).flatMap { text -> String? in
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return nil }
            guard trimmed.unicodeScalars.count <= 254, !trimmed.unicodeScalars.contains("\0") else {
                throw InvalidInput("api.admin.search-too-long")
            }
            return EmailAddress.key(trimmed)
        }
        let rows = try await users.list(role: role, search: search, page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.id)
    }

    @Sendable func disable(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let userID = try context.parameters.require("userId", as: Int.self)
        switch try await users.disable(userID: userID, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger) {
        case .done:
            sessions.forgetSessions(ofUser: userID)
            context.logger.info("disabled account", metadata: ["user_id": "\(userID)", "admin_id": "\(context.user.id)"])
            return SuccessResponse(message: context.catalogue.string(Message("admin.done-disabled")))
        case .notFound: throw Self.noSuchAccount(userID)
        case .lastAdmin: throw HTTPFailure.conflict("api.admin.last-admin")
        }
    }

    @Sendable func enable(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let userID = try context.parameters.require("userId", as: Int.self)
        switch try await users.enable(userID: userID, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger) {
        case .done, .lastAdmin:
            context.logger.info("enabled account", metadata: ["user_id": "\(userID)", "admin_id": "\(context.user.id)"])
            return SuccessResponse(message: context.catalogue.string(Message("api.admin.enabled")))
        case .notFound: throw Self.noSuchAccount(userID)
        }
    }

    /// A one-time link (1 hour) that sets the account's password; the admin passes it on.
    @Sendable func resetLink(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<OneTimeLink> {
        let userID = try context.parameters.require("userId", as: Int.self)
        guard
            let link = try await resets.link(
                for: userID, byAdmin: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
        else { throw Self.noSuchAccount(userID) }
        return EditedResponse(status: .created, response: link)
    }

    @Sendable func invite(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<OneTimeLink> {
        let body = try await request.decode(as: InvitationRequest.self, context: context)
        let email = try EmailAddress(validating: body.email)
        let language = try LanguageSetting.parse(body.language) ?? context.language.language
        let name = try PersonName.optional(body.name)
        switch try await invitations.invite(
            email: email, role: body.role, by: context.user.id, language: language, name: name, clientAddress: context.clientAddress,
            logger: context.logger)
        {
        case .invited(let link):
            return EditedResponse(status: .created, response: link)
        case .notInvitable:
            throw InvalidInput("api.admin.invite-role")
        case .emailTaken:
            throw HTTPFailure.conflict("api.email-has-account", code: .emailTaken)
        }
    }

    @Sendable func listInvitations(_ request: Request, context: AuthenticatedContext) async throws -> Page<InvitationInfo> {
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await invitations.invitations.list(page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.id)
    }

    @Sendable func revokeInvitation(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let id = try context.parameters.require("invitationId", as: Int.self)
        guard
            try await invitations.invitations.revoke(
                id: id, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
        else { throw HTTPFailure.notFound("api.admin.no-invitation", ["id": .integer(id)]) }
        return SuccessResponse(message: context.catalogue.string(Message("api.admin.invitation-revoked")))
    }

    /// 404 for an account id that names no account.
    private static func noSuchAccount(_ userID: Int) -> HTTPFailure {
        HTTPFailure.notFound("admin.no-such-account", ["id": .integer(userID)])
    }

    @Sendable func listAudit(_ request: Request, context: AuthenticatedContext) async throws -> Page<AuditEntry> {
        let page = try PageRequest(request, cursors: cursors)
        let rows = try await audit.entries(page: page, logger: context.logger).map { row in
            AuditEntry(
                id: row.id, at: row.at, actorId: row.actorID, actorEmail: row.actorEmail, action: row.action,
                targetUserId: row.targetUserID, targetEmail: row.targetEmail, courseId: row.courseID, courseName: row.courseName,
                clientAddress: row.clientAddress)
        }
        return Page(rows, page: page, cursors: cursors, key: \.id)
    }
}
