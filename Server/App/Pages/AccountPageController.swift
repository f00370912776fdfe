import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /account` (the password form, the open sessions, this browser's among them, and the
/// person's own language), `POST /account/password`, `POST /account/sessions/{sessionId}/end`,
/// `POST /account/sign-out-everywhere` and `POST /account/language`: the API's `/api/me…` in a
/// page, any role. Sessions' times are in the school's time zone (`DEFAULT_TIME_ZONE`).
struct AccountPageController {
    let accounts: Accounts
    let sessions: SessionRepository
    let cookies: WebCookies
    let renderer: PageRenderer
    /// The password rule and the change of a password (`AccountActions`).
    let accountActions: AccountActions
    /// The school's time zone (`DEFAULT_TIME_ZONE`).
    var timeZone = "UTC"

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.get("/account", use: account)
        pages.post("/account/password", use: changePassword)
        pages.post("/account/sessions/:sessionId/end", use: endSession)
        pages.post("/account/sign-out-everywhere", use: signOutEverywhere)
        pages.post("/account/language", use: setLanguage)
        pages.post("/account/name", use: setName)
    }

    struct AccountPage: Sendable {
        struct Row: Sendable {
            var id: String
            var device: String
            var opened: String
            var lastUsed: String
            var current: Bool
            /// The end button's words for a screen reader: which session.
            var endSession: String
        }
        /// A choice of the language select: a language by its own name (`lang` says which), or
        /// none (`code` empty).
        struct LanguageOption: Sendable {
            var code: String
            var lang: String?
            var name: String
            var selected: Bool
        }
        var email: String
        /// The person's name as stored (empty: none), or as typed when refused.
        var name: String
        var nameError: String?
        var sessions: [Row]
        var languages: [LanguageOption]
        var error: String?
        var notice: String?
    }

    @Sendable func account(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        try await show(error: nil, notice: nil, context: context)
    }

    @Sendable func changePassword(_ request: Request, context: PageContext) async throws -> Response {
        let current = context.form["currentPassword"] ?? ""
        let new = context.form["newPassword"] ?? ""
        do {
            try accountActions.checkPassword(new)
        } catch let invalid as InvalidInput {
            return try await show(error: context.catalogue.string(invalid.message), context: context, status: .badRequest)
        }
        switch try await accounts.confirm(
            userID: context.user.id, password: current, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .confirmed(let user):
            try await accountActions.changePassword(userID: user.id, to: new, keeping: context.user.sessionID, logger: context.logger)
            return PageRenderer.redirect(to: "/account?done=password")
        case .wrong:
            return try await show(
                error: context.catalogue.string(Message("student.wrong-current-password")), context: context, status: .badRequest)
        case .limited(let refusal):
            return try await show(error: context.catalogue.string(refusal.message), context: context, status: .tooManyRequests)
        case .noAccount:
            throw PageFailure.signInRequired
        }
    }

    @Sendable func endSession(_ request: Request, context: PageContext) async throws -> Response {
        guard let sessionID = context.parameters.get("sessionId").flatMap(UUID.init(uuidString:)) else {
            throw PageFailure.notFound("student.no-such-session")
        }
        guard try await sessions.end(sessionID: sessionID, userID: context.user.id, logger: context.logger) else {
            throw PageFailure.notFound("student.no-open-session")
        }
        if sessionID == context.user.sessionID { return signedOut() }
        return PageRenderer.redirect(to: "/account?done=ended")
    }

    @Sendable func signOutEverywhere(_ request: Request, context: PageContext) async throws -> Response {
        try await sessions.revokeAll(userID: context.user.id, logger: context.logger)
        return signedOut()
    }

    /// The person's own language (none: the browser's choice), for every page, mail and message
    /// from now on, as the language buttons and `PUT /api/me/language` set it.
    @Sendable func setLanguage(_ request: Request, context: PageContext) async throws -> Response {
        let language: Language?
        do {
            language = try LanguageSetting.parseForm(context.form["language"])
        } catch let invalid as InvalidInput {
            throw PageFailure(.badRequest, invalid.message)
        }
        guard try await accounts.setLanguage(userID: context.user.id, to: language, sessions: sessions, logger: context.logger) else {
            throw PageFailure.signInRequired
        }
        return PageRenderer.redirect(to: "/account?done=language")
    }

    /// The person's name, which teachers see instead of the address (`PUT /api/me/name`); an
    /// empty one removes it. A refused name comes back as typed with the reason.
    @Sendable func setName(_ request: Request, context: PageContext) async throws -> Response {
        let typed = context.form["name"] ?? ""
        let name: String?
        do {
            name = try PersonName.optional(typed)
        } catch let invalid as InvalidInput {
            return try await show(
                error: nil, nameError: context.catalogue.string(invalid.message), typedName: String(typed.prefix(400)), context: context,
                status: .badRequest)
        }
        guard try await accounts.users.setName(userID: context.user.id, to: name, logger: context.logger) else {
            throw PageFailure.signInRequired
        }
        return PageRenderer.redirect(to: "/account?done=name")
    }

    private func signedOut() -> Response {
        var response = PageRenderer.redirect(to: "/login?done=signed-out")
        response.headers.append(HTTPField(name: .setCookie, value: cookies.clearSession()))
        return response
    }

    private func show(
        error: String?, notice: String? = nil, nameError: String? = nil, typedName: String? = nil, context: PageContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let open = try await sessions.openSessions(
            userID: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger)
        let catalogue = context.catalogue
        let rows = open.map { item in
            let device = Self.device(item.session.userAgent, catalogue)
            let opened = PageTime.text(item.session.createdAt, timeZone: timeZone, language: context.language)
            return AccountPage.Row(
                id: item.session.id.uuidString.lowercased(), device: device, opened: opened,
                lastUsed: PageTime.text(item.session.lastUsedAt, timeZone: timeZone, language: context.language),
                current: item.session.id == context.user.sessionID,
                endSession: catalogue.string(Message("student.end-session-of", ["device": .text(device), "opened": .text(opened)])))
        }
        let user = try await accounts.users.find(id: context.user.id, logger: context.logger)
        let setting = user?.language
        let languages =
            [
                AccountPage.LanguageOption(
                    code: "", lang: nil, name: catalogue.string(Message("student.browsers-choice")), selected: setting == nil)
            ]
            + Language.allCases.map { AccountPage.LanguageOption(code: $0.tag, lang: $0.tag, name: $0.ownName, selected: $0 == setting) }
        let page = AccountPage(
            email: context.user.email, name: typedName ?? user?.name ?? "", nameError: nameError, sessions: rows, languages: languages,
            error: error, notice: notice)
        return renderer.render(
            "account", title: catalogue.string(Message("layout.my-account")), frame: context.frame, page: page, status: status)
    }

    /// A session's device in words, from the `User-Agent` it was opened with.
    static func device(_ agent: String?, _ catalogue: Catalogue) -> String {
        guard let agent, !agent.isEmpty else { return catalogue.string(Message("student.unknown-device")) }
        if agent.contains("examprep") || agent.contains("ExamPrep") { return catalogue.string(Message("student.app-device")) }
        let chrome = catalogue.string(Message("student.chrome-or-chromium"))
        for (needle, name) in [("Firefox", "Firefox"), ("Edg/", "Edge"), ("Chrome", chrome), ("Safari", "Safari")]
        where agent.contains(needle) {
            return catalogue.string(Message("student.browser", ["name": .text(name)]))
        }
        return String(agent.prefix(60))
    }
}
