import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `GET /auth/oidc/start`, `GET /auth/oidc/callback` and `POST /auth/oidc/link`: signing a
/// browser in with the school's account (`SchoolSignIn`). Registered only while `OIDC_ISSUER` is
/// set (else 404). A signed-in browser ends as every sign-in does, through `BrowserSignIn`: a new
/// session row, the cookie, then `next` on this site.
struct SchoolSignInPageController {
    let signIn: SchoolSignIn
    let accounts: Accounts
    let browser: BrowserSignIn
    let renderer: PageRenderer

    func addRoutes(to pages: some RouterMethods<AppRequestContext>) {
        pages.get(RouterPath(SchoolSignIn.startPath), use: start)
        pages.get(RouterPath(SchoolSignIn.callbackPath), use: callback)
        pages.post(RouterPath(SchoolSignIn.linkPath), use: link)
    }

    /// 302 to the provider with this sign-in's state, nonce and challenge; sets the flow cookie
    /// when the browser has none.
    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        let next = Self.next(request.uri.queryParameters.get("next"))
        let (browserToken, newCookie) = browserToken(request)
        let url: URL
        do {
            url = try await signIn.start(
                next: next, browserToken: browserToken, clientAddress: context.clientAddress, logger: context.logger)
        } catch let failure as SchoolSignIn.Failure {
            return show(failure, next: next, context: context)
        }
        var response = Response(status: .found, headers: [.location: url.absoluteString])
        if let newCookie { response.headers.append(HTTPField(name: .setCookie, value: newCookie)) }
        return response
    }

    @Sendable func callback(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let browserToken = WebCookies.value(browser.cookies.flowName, in: request.headers)
        let finished: SchoolSignIn.Finished
        do {
            finished = try await signIn.finish(
                state: query.get("state"), code: query.get("code"), error: query.get("error"), browserToken: browserToken,
                clientAddress: context.clientAddress, logger: context.logger)
        } catch let failure as SchoolSignIn.Failure {
            return show(failure, next: nil, context: context)
        }
        switch finished {
        case .signedIn(let userID, let role, let next):
            return try await browser.signIn(userID: userID, role: role, next: next, request: request, context: context)
        case .needsPassword(let held, let email, _):
            return showLink(held: held, email: email, error: nil, context: context, status: .ok)
        }
    }

    /// The password that links a school identity to an account that has one.
    @Sendable func link(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = context.page?.form ?? FormData()
        let heldToken = form["held"] ?? ""
        let browserHash = WebCookies.value(browser.cookies.flowName, in: request.headers).map(RefreshTokens.hash) ?? []
        guard RefreshTokens.isWellFormed(heldToken), browserHash.count == 32,
            let held = try await signIn.flows.held(
                tokenHash: RefreshTokens.hash(heldToken), browserHash: browserHash, logger: context.logger)
        else { return showExpiredLink(context) }
        let password = form["password"] ?? ""
        guard !password.isEmpty else {
            return showLink(
                held: heldToken, email: held.identity.email.display, error: context.catalogue.string(SchoolSignInText.passwordRequired),
                context: context)
        }
        let outcome: Accounts.Confirming
        do {
            outcome = try await accounts.confirm(
                userID: held.userID, password: password, clientAddress: context.clientAddress, logger: context.logger)
        } catch let busy as HashingOverloaded {
            let page = showLink(
                held: heldToken, email: held.identity.email.display,
                error: SignInPageController.inLine(busy, context.catalogue, press: Message("signin.school-link-button")),
                context: context,
                status: .serviceUnavailable)
            return PageRenderer.retrying(after: busy.retryAfter, page)
        }
        switch outcome {
        case .wrong:
            return showLink(
                held: heldToken, email: held.identity.email.display, error: context.catalogue.string(SchoolSignInText.wrongPassword),
                context: context)
        case .limited(let refusal):
            return show(.limited(refusal), next: held.next, context: context)
        case .noAccount:
            return showExpiredLink(context)
        case .confirmed:
            guard
                try await signIn.flows.held(
                    tokenHash: RefreshTokens.hash(heldToken), browserHash: browserHash, spend: true, logger: context.logger)
                    != nil
            else { return showExpiredLink(context) }
            switch try await signIn.identities.link(held.identity, toUser: held.userID, logger: context.logger) {
            case .signedIn(let userID, let role):
                context.logger.info("school identity linked by password", metadata: ["user_id": "\(userID)"])
                return try await browser.signIn(userID: userID, role: role, next: held.next, request: request, context: context)
            case .disabled: return show(.disabled, next: held.next, context: context)
            case .linkedElsewhere, .needsPassword: return show(.linkedElsewhere, next: held.next, context: context)
            case .noAccount: return showExpiredLink(context)
            }
        }
    }

    /// The browser's flow cookie, or a new one (and its `Set-Cookie`).
    private func browserToken(_ request: Request) -> (String, String?) {
        if let token = WebCookies.value(browser.cookies.flowName, in: request.headers), RefreshTokens.isWellFormed(token) {
            return (token, nil)
        }
        let token = RefreshTokens.generate().token
        return (token, browser.cookies.setFlow(token))
    }

    static func next(_ text: String?) -> String? {
        text.flatMap { SignInTarget.isLocal($0) ? $0 : nil }
    }

    /// The start path again, with `next`.
    static func startPath(next: String?) -> String {
        SchoolSignIn.startPath + (next.map(SignInTarget.query(next:)) ?? "")
    }

    private func show(_ failure: SchoolSignIn.Failure, next: String?, context: AppRequestContext) -> Response {
        SchoolSignInPage.failure(
            failure, domains: signIn.allowedDomains, retryPath: Self.startPath(next: next), renderer: renderer,
            frame: SignInPageController.frame(context))
    }

    private func showLink(
        held: String, email: String, error: String?, context: AppRequestContext, status: HTTPResponse.Status = .badRequest
    )
        -> Response
    {
        let page = SchoolSignInPage(
            heading: context.catalogue.string(SchoolSignInText.linkHeading), message: error,
            explanation: context.catalogue.string(SchoolSignInText.linkExplanation(email)), held: held)
        return renderer.render(
            "school-sign-in", title: page.heading, frame: SignInPageController.frame(context), page: page, status: status)
    }

    private func showExpiredLink(_ context: AppRequestContext) -> Response {
        let page = SchoolSignInPage(
            heading: context.catalogue.string(SchoolSignInText.failedHeading),
            message: context.catalogue.string(SchoolSignInText.linkExpired),
            retryPath: SchoolSignIn.startPath)
        return renderer.render("school-sign-in", title: page.heading, frame: SignInPageController.frame(context), page: page, status: .gone)
    }
}
