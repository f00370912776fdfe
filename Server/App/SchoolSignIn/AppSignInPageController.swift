import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `GET /auth/app/start` and `GET /auth/app/continue/{token}`: `examprep login --browser`'s
/// pages (RFC 8252). The start keeps the app's request, bound to this browser's flow cookie,
/// and sends a signed-out browser to the sign-in page (password or the school's account) with
/// `next` set to the continue page; a browser already signed in is asked to confirm first. The
/// continue page turns the request into a one-time code for the signed-in person and sends the
/// browser to the app's loopback address with it.
struct AppSignInPageController {
    static let continuePrefix = "/auth/app/continue/"

    let requests: AppSignInRepository
    let limiter: RateLimiter
    let cookies: WebCookies
    let renderer: PageRenderer

    func addRoutes(to pages: some RouterMethods<AppRequestContext>, signedIn: RouterGroup<PageContext>) {
        pages.get(RouterPath(AppSignIn.startPath), use: start)
        signedIn.get(RouterPath(Self.continuePrefix + ":token"), use: grant)
    }

    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        guard
            let app = AppSignInRequest.validated(
                redirectURI: query.get(AppSignIn.redirectURIItem), challenge: query.get(AppSignIn.codeChallengeItem),
                method: query.get(AppSignIn.codeChallengeMethodItem), state: query.get(AppSignIn.stateItem))
        else {
            let catalogue = context.catalogue
            let page = SchoolSignInPage(
                heading: catalogue.string(SchoolSignInText.appHeading), message: catalogue.string(SchoolSignInText.appRequestInvalid))
            return show(page, context, .badRequest)
        }
        if case .limited(let refusal) = try await limiter.schoolSignInStart(clientAddress: context.clientAddress, logger: context.logger) {
            throw PageFailure(.tooManyRequests, refusal.message, retryAfter: refusal.retryAfter)
        }
        var browserToken = WebCookies.value(cookies.flowName, in: request.headers) ?? ""
        var newCookie: String?
        if !RefreshTokens.isWellFormed(browserToken) {
            browserToken = RefreshTokens.generate().token
            newCookie = cookies.setFlow(browserToken)
        }
        let token = RefreshTokens.generate()
        try await requests.create(app, tokenHash: token.hash, browserHash: RefreshTokens.hash(browserToken), logger: context.logger)
        let continuePath = Self.continuePrefix + token.token
        var response: Response
        if let user = context.page?.user {
            let catalogue = context.catalogue
            let page = SchoolSignInPage(
                heading: catalogue.string(SchoolSignInText.appHeading),
                explanation: catalogue.string(SchoolSignInText.appConfirm(user.email)),
                continuePath: continuePath, showPasswordSignIn: false)
            response = show(page, context, .ok)
        } else {
            response = PageRenderer.redirect(to: "/login" + SignInTarget.query(next: continuePath))
        }
        if let newCookie { response.headers.append(HTTPField(name: .setCookie, value: newCookie)) }
        return response
    }

    /// The signed-in person's code, sent to the app's loopback address.
    @Sendable func grant(_ request: Request, context: PageContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let browserToken = WebCookies.value(cookies.flowName, in: request.headers) ?? ""
        let code = RefreshTokens.generate()
        guard RefreshTokens.isWellFormed(token), RefreshTokens.isWellFormed(browserToken),
            let app = try await requests.grant(
                tokenHash: RefreshTokens.hash(token), browserHash: RefreshTokens.hash(browserToken), userID: context.user.id,
                codeHash: code.hash, logger: context.logger)
        else {
            let page = SchoolSignInPage(
                heading: context.catalogue.string(SchoolSignInText.appHeading),
                message: context.catalogue.string(SchoolSignInText.appRequestExpired))
            return renderer.render("school-sign-in", title: page.heading, frame: context.frame, page: page, status: .gone)
        }
        context.logger.info("app sign-in code made", metadata: ["user_id": "\(context.user.id)"])
        return PageRenderer.redirect(to: AppSignInRequest.redirect(app, code: code.token))
    }

    private func show(_ page: SchoolSignInPage, _ context: AppRequestContext, _ status: HTTPResponse.Status) -> Response {
        renderer.render("school-sign-in", title: page.heading, frame: SignInPageController.frame(context), page: page, status: status)
    }
}
