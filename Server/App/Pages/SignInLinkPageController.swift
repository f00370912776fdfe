import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /sign-in/{token}`: a one-time link (`POST /api/me/sign-in-links`, `examprep open`) signs
/// this browser in, in a new session of its own, and goes on with 303 to `next` (a path of this
/// site) or the person's home. A link used before, past its minute, unknown, or whose session has
/// ended gets 410 and a page that says so.
///
/// Opened from another site (`Sec-Fetch-Site: cross-site` or `same-site`), the link is not spent:
/// the page asks for one click on this site first, so another site cannot sign a visitor into
/// an account of its choosing (login CSRF). A terminal or an app opening it sends `none`.
struct SignInLinkPageController {
    /// The path of every link; the request log shows it without what follows.
    static let pathPrefix = "/sign-in/"

    let links: SignInLinks
    let browser: BrowserSignIn
    let renderer: PageRenderer

    func addRoutes(to pages: some RouterMethods<AppRequestContext>) {
        pages.get(RouterPath(Self.pathPrefix + ":token"), use: open)
    }

    struct LinkPage: Sendable {
        var heading: String
        var continuePath: String?
        var message: String?
    }

    @Sendable func open(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let next = request.uri.queryParameters.get("next").flatMap { SignInTarget.isLocal($0) ? $0 : nil }
        // A HEAD (a link checker) or a navigation from another site spends nothing.
        if request.method == .head || Self.isFromAnotherSite(request), RefreshTokens.isWellFormed(token) {
            let path = Self.pathPrefix + token + (next.map(SignInTarget.query(next:)) ?? "")
            return show(LinkPage(heading: context.catalogue.string(Message("signin.sign-in-to-examprep")), continuePath: path), context)
        }
        switch try await links.redeem(token: token, logger: context.logger) {
        case .signedIn(let userID, let role):
            return try await browser.signIn(userID: userID, role: role, next: next, request: request, context: context)
        case .used:
            return show(gone("signin.link-used-heading", "signin.link-used", context.catalogue), context)
        case .expired:
            return show(gone("signin.link-expired-heading", "signin.link-expired", context.catalogue), context)
        }
    }

    private func gone(_ heading: String, _ message: String, _ catalogue: Catalogue) -> LinkPage {
        LinkPage(heading: catalogue.string(Message(heading)), message: catalogue.string(Message(message)))
    }

    private func show(_ page: LinkPage, _ context: AppRequestContext) -> Response {
        let status: HTTPResponse.Status = page.message == nil ? .ok : .gone
        return renderer.render("sign-in-link", title: page.heading, frame: SignInPageController.frame(context), page: page, status: status)
    }

    private static func isFromAnotherSite(_ request: Request) -> Bool {
        guard let site = request.headers[.secFetchSite] else { return false }
        return site != "none" && site != "same-origin"
    }
}
