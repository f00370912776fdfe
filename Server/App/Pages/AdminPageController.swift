import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /admin` (accounts, invitations, the audit log) and its forms: revoke an invitation,
/// disable, enable, make a reset link (the invitation's form is `InvitationPageController`'s,
/// which draws this page again). Admins only; the API's `/api/admin/…` in a page, on the same
/// repositories and services, every change in the audit log.
struct AdminPageController {
    let users: AdminUserRepository
    let invitations: InvitationActions
    let audit: AdminAuditRepository
    let resets: PasswordResets
    let sessions: SessionRepository
    /// How accounts sign in (password, school account), and unlinking a school account.
    let identities: SchoolIdentityRepository
    let renderer: PageRenderer
    /// The school's time zone (`DEFAULT_TIME_ZONE`): the page's times are in it.
    var timeZone = "UTC"

    func addRoutes(to pages: RouterGroup<PageContext>) {
        let admins = pages.group().add(middleware: RequireAdminPage())
        admins.get("/admin", use: show)
        admins.post("/admin/invitations/:invitationId/revoke", use: revoke)
        admins.post("/admin/users/:userId/disable", use: disable)
        admins.post("/admin/users/:userId/enable", use: enable)
        admins.post("/admin/users/:userId/reset-link", use: resetLink)
        admins.post("/admin/users/:userId/unlink-school-account", use: unlink)
    }

    @Sendable func show(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is `PageNotice`'s, drawn in the page's own place (beside a link).
        let notice = PageNotice.sentence(for: context.path, catalogue: context.catalogue)
        return try await render(AdminPage.Outcome(notice: notice), request: request, context: context)
    }

    @Sendable func revoke(_ request: Request, context: PageContext) async throws -> Response {
        let id = try Self.id("invitationId", context)
        guard
            try await invitations.invitations.revoke(
                id: id, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
        else { throw PageFailure.notFound("admin.no-pending-invitation", ["id": .integer(id)]) }
        return PageRenderer.redirect(to: "/admin?done=revoked")
    }

    @Sendable func disable(_ request: Request, context: PageContext) async throws -> Response {
        let id = try Self.id("userId", context)
        switch try await users.disable(userID: id, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger) {
        case .done:
            sessions.forgetSessions(ofUser: id)
            return PageRenderer.redirect(to: "/admin?done=disabled")
        case .notFound: throw Self.noSuchAccount(id, context)
        case .lastAdmin:
            return try await render(
                AdminPage.Outcome(error: context.catalogue.string(Message("admin.last-admin"))),
                request: request, context: context, status: .conflict)
        }
    }

    @Sendable func enable(_ request: Request, context: PageContext) async throws -> Response {
        let id = try Self.id("userId", context)
        guard try await users.enable(userID: id, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger) == .done
        else { throw Self.noSuchAccount(id, context) }
        return PageRenderer.redirect(to: "/admin?done=enabled")
    }

    @Sendable func resetLink(_ request: Request, context: PageContext) async throws -> Response {
        let id = try Self.id("userId", context)
        guard
            let link = try await resets.link(
                for: id, byAdmin: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
        else { throw Self.noSuchAccount(id, context) }
        let outcome = AdminPage.Outcome(
            notice: context.catalogue.string(Message("admin.reset-link-made", ["id": .integer(id)])), link: link.url)
        return try await render(outcome, request: request, context: context, status: .created)
    }

    /// Unlinks the account's school identity (audited): its next sign-in with the school's
    /// account links again only by the rules.
    @Sendable func unlink(_ request: Request, context: PageContext) async throws -> Response {
        let id = try Self.id("userId", context)
        guard try await identities.unlink(userID: id, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
        else { throw PageFailure(.notFound, SchoolSignInText.notLinked(id)) }
        return PageRenderer.redirect(to: "/admin?done=unlinked")
    }

    private static func id(_ name: String, _ context: PageContext) throws -> Int {
        guard let id = context.parameters.get(name).flatMap({ Int($0) }) else {
            throw PageFailure.notFound("admin.no-such-item")
        }
        return id
    }

    private static func noSuchAccount(_ id: Int, _ context: PageContext) -> PageFailure {
        PageFailure.notFound("admin.no-such-account", ["id": .integer(id)])
    }

    /// The page with the accounts of `?q=` (and `?role=`), the newest invitations and audit
    /// entries, and what a form did (`outcome`).
    func render(_ outcome: AdminPage.Outcome, request: Request, context: PageContext, status: HTTPResponse.Status = .ok)
        async throws -> Response
    {
        let query = request.uri.queryParameters
        let search = query.get("q").map { String($0.prefix(254)) }.flatMap { $0.isEmpty ? nil : $0 }
        let role = query.get("role").flatMap(Role.init(name:))
        let page = PageRequest(limit: PageRequest.maxLimit)
        let accounts = try await users.list(
            role: role, search: search.map(EmailAddress.key), page: page, logger: context.logger)
        let pending = try await invitations.invitations.list(page: PageRequest(limit: 50), logger: context.logger)
        let entries = try await audit.entries(page: PageRequest(limit: 50), logger: context.logger)
        let methods = try await identities.signInMethods(of: accounts.map(\.id), logger: context.logger)
        let model = AdminPage(
            outcome: outcome, search: search ?? "", role: role?.name ?? "", accounts: accounts, invitations: pending, audit: entries,
            signInMethods: methods, timeZone: timeZone, catalogue: context.catalogue)
        let title = context.catalogue.string(Message("layout.administration"))
        return renderer.render("admin", title: title, frame: context.frame, page: model, status: status)
    }
}

/// Admin pages let only admins in.
struct RequireAdminPage: RouterMiddleware {
    typealias Context = PageContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.user.role == .admin else {
            throw PageFailure(.forbidden, "admin.admins-only")
        }
        return try await next(request, context)
    }
}
