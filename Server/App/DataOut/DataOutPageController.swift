import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The pages of data out: `GET /account/export` (the account page's **Download my data**, the
/// API's `/api/me/export` for a browser) and, for admins, `GET /admin/users/{userId}/erase`
/// (what erasing does, asked once more) and `POST` of it (docs/DATA.md).
struct DataOutPageController {
    let export: PersonalDataExport
    let erasure: AccountErasure
    let sessions: SessionRepository
    let renderer: PageRenderer
    let clock: ServerClock

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.get("/account/export", use: download)
        let admins = pages.group().add(middleware: RequireAdminPage())
        admins.get("/admin/users/:userId/erase", use: confirm)
        admins.post("/admin/users/:userId/erase", use: erase)
    }

    /// What `admin-erase.mustache` shows: the question (`confirm`), or what came of it.
    struct ErasePage: Sendable {
        var id: Int
        var email: String
        var heading: String
        var confirm: Bool
        var notice: String?
        var error: String?
    }

    @Sendable func download(_ request: Request, context: PageContext) async throws -> Response {
        try await DataOutController.download(of: context.user.id, export: export, now: clock.now(), logger: context.logger)
    }

    @Sendable func confirm(_ request: Request, context: PageContext) async throws -> Response {
        let id = try Self.id(context)
        guard let account = try await erasure.account(userID: id, logger: context.logger) else { throw Self.noSuchAccount(id) }
        let page = ErasePage(
            id: id, email: account.email, heading: Self.heading(account.email, context), confirm: !account.erased,
            notice: account.erased ? context.catalogue.string(Message("data-out.already-erased")) : nil)
        return renderer.render("admin-erase", title: page.heading, frame: context.frame, page: page)
    }

    @Sendable func erase(_ request: Request, context: PageContext) async throws -> Response {
        let id = try Self.id(context)
        guard let account = try await erasure.account(userID: id, logger: context.logger) else { throw Self.noSuchAccount(id) }
        var page = ErasePage(id: id, email: account.email, heading: Self.heading(account.email, context), confirm: false)
        var status = HTTPResponse.Status.ok
        switch try await erasure.erase(userID: id, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger) {
        case .erased:
            sessions.forgetSessions(ofUser: id)
            context.logger.info("erased account", metadata: ["user_id": "\(id)", "admin_id": "\(context.user.id)"])
            page.notice = context.catalogue.string(Message("data-out.erased"))
        case .alreadyErased: page.notice = context.catalogue.string(Message("data-out.already-erased"))
        case .notFound: throw Self.noSuchAccount(id)
        case .oneself:
            page.error = context.catalogue.string(Message("data-out.erase-self"))
            status = .conflict
        case .lastAdmin:
            page.error = context.catalogue.string(Message("admin.last-admin"))
            status = .conflict
        }
        return renderer.render("admin-erase", title: page.heading, frame: context.frame, page: page, status: status)
    }

    private static func heading(_ email: String, _ context: PageContext) -> String {
        context.catalogue.string(Message("data-out.erase-heading", ["email": .text(email)]))
    }

    private static func id(_ context: PageContext) throws -> Int {
        guard let id = context.parameters.get("userId").flatMap({ Int($0) }) else { throw PageFailure.notFound("admin.no-such-item") }
        return id
    }

    private static func noSuchAccount(_ id: Int) -> PageFailure {
        PageFailure.notFound("admin.no-such-account", ["id": .integer(id)])
    }
}
