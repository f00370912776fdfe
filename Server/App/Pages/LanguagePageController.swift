import ExamPrepRules
import ExamPrepShared
import HTTPTypes
import Hummingbird

/// `POST /language`: the **Polski** / **English** buttons of every page, a form that works
/// without JavaScript and signed out. It sets the `lang` cookie for the browser and, for a
/// signed-in person, their own setting too (which comes before the cookie), then brings the
/// browser back to the page it was on.
struct LanguagePageController {
    let accounts: Accounts
    let sessions: SessionRepository
    let cookies: WebCookies

    func addRoutes(to pages: some RouterMethods<AppRequestContext>) {
        pages.post("/language", use: choose)
    }

    @Sendable func choose(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = context.page?.form ?? FormData()
        let chosen: Language?
        do {
            chosen = try LanguageSetting.parseForm(form["language"])
        } catch let invalid as InvalidInput {
            throw PageFailure(.badRequest, invalid.message)
        }
        guard let language = chosen else {
            throw PageFailure.badRequest("page.choose-language", ["allowed": .text(LanguageSetting.allowed)])
        }
        if let user = context.page?.user {
            _ = try await accounts.setLanguage(userID: user.id, to: language, sessions: sessions, logger: context.logger)
        }
        let back = form["back"].flatMap { SignInTarget.isLocal($0) ? $0 : nil } ?? "/"
        var response = PageRenderer.redirect(to: back)
        response.headers.append(HTTPField(name: .setCookie, value: cookies.setLanguage(language)))
        return response
    }
}
