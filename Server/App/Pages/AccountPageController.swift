import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /account` (the password form and the open sessions, this browser's among them),
/// `POST /account/password`, `POST /account/sessions/{sessionId}/end` and `POST
/// /account/sign-out-everywhere`: the API's `/api/me…` in a page, any role.
struct AccountPageController {
    let accounts: Accounts
    let sessions: SessionRepository
    let cookies: WebCookies
    let renderer: PageRenderer

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.get("/account", use: account)
        pages.post("/account/password", use: changePassword)
        pages.post("/account/sessions/:sessionId/end", use: endSession)
        pages.post("/account/sign-out-everywhere", use: signOutEverywhere)
    }

    struct AccountPage: Sendable {
        struct Row: Sendable {
            var id: String
            var device: String
            var opened: String
            var lastUsed: String
            var current: Bool
        }
        var email: String
        var sessions: [Row]
        var error: String?
        var notice: String?
    }

    @Sendable func account(_ request: Request, context: PageContext) async throws -> Response {
        let notice: String? =
            switch request.uri.queryParameters.get("done") {
            case "password": "Your password is changed; your other sessions have ended."
            case "ended": "That session has ended."
            default: nil
            }
        return try await show(error: nil, notice: notice, context: context)
    }

    @Sendable func changePassword(_ request: Request, context: PageContext) async throws -> Response {
        let current = context.form["currentPassword"] ?? ""
        let new = context.form["newPassword"] ?? ""
        do {
            try Validators.newPassword(new, scheme: accounts.hasher.scheme)
        } catch let invalid as InvalidInput {
            return try await show(error: invalid.message, context: context, status: .badRequest)
        }
        switch try await accounts.confirm(
            userID: context.user.id, password: current, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .confirmed(let user):
            try await accounts.changePassword(
                userID: user.id, to: new, keeping: context.user.sessionID, sessions: sessions, logger: context.logger)
            return PageRenderer.redirect(to: "/account?done=password")
        case .wrong:
            return try await show(error: "Your current password is not right.", context: context, status: .badRequest)
        case .limited(let refusal):
            return try await show(error: refusal.message, context: context, status: .tooManyRequests)
        case .noAccount:
            throw PageFailure.signInRequired
        }
    }

    @Sendable func endSession(_ request: Request, context: PageContext) async throws -> Response {
        guard let sessionID = context.parameters.get("sessionId").flatMap(UUID.init(uuidString:)) else {
            throw PageFailure.notFound("You have no such session.")
        }
        guard try await sessions.end(sessionID: sessionID, userID: context.user.id, logger: context.logger) else {
            throw PageFailure.notFound("You have no open session with that id.")
        }
        if sessionID == context.user.sessionID { return signedOut() }
        return PageRenderer.redirect(to: "/account?done=ended")
    }

    @Sendable func signOutEverywhere(_ request: Request, context: PageContext) async throws -> Response {
        try await sessions.revokeAll(userID: context.user.id, logger: context.logger)
        return signedOut()
    }

    private func signedOut() -> Response {
        var response = PageRenderer.redirect(to: "/login?done=signed-out")
        response.headers.append(HTTPField(name: .setCookie, value: cookies.clearSession()))
        return response
    }

    private func show(error: String?, notice: String? = nil, context: PageContext, status: HTTPResponse.Status = .ok) async throws
        -> Response
    {
        let open = try await sessions.openSessions(
            userID: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger)
        let rows = open.map { item in
            AccountPage.Row(
                id: item.session.id.uuidString.lowercased(), device: Self.device(item.session.userAgent),
                opened: PageTime.text(item.session.createdAt, timeZone: "UTC"),
                lastUsed: PageTime.text(item.session.lastUsedAt, timeZone: "UTC"),
                current: item.session.id == context.user.sessionID)
        }
        let page = AccountPage(email: context.user.email, sessions: rows, error: error, notice: notice)
        return renderer.render("account", title: "My account", frame: context.frame, page: page, status: status)
    }

    /// A session's device in words, from the `User-Agent` it was opened with.
    static func device(_ agent: String?) -> String {
        guard let agent, !agent.isEmpty else { return "Unknown device" }
        if agent.contains("examprep") || agent.contains("ExamPrep") { return "ExamPrep app or command line" }
        for (needle, name) in [("Firefox", "Firefox"), ("Edg/", "Edge"), ("Chrome", "Chrome or Chromium"), ("Safari", "Safari")]
        where agent.contains(needle) {
            return name + " browser"
        }
        return String(agent.prefix(60))
    }
}
