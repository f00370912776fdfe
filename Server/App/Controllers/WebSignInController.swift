import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `POST /api/web-session` and `POST /api/me/sign-in-links` (bearer, any role): the browser
/// signed in from a native sign-in. The first gives the bearer token's own session a cookie
/// (an app's web views: one session, listed once, ended once); the second a one-time link that
/// opens a browser session of its own (`examprep open`), served by `SignInLinkPageController`.
struct WebSignInController {
    let webSessions: WebSessions
    let links: SignInLinks
    let cookies: WebCookies
    let limiter: RateLimiter
    /// Where a link points (`PUBLIC_URL`, never the request's `Host`).
    let origin: LinkOrigin

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        group.post(RouterPath(APIPaths.webSession), use: webSession)
        group.post(RouterPath(APIPaths.signInLinks), use: signInLink)
    }

    /// 204 with the session cookie; a cookie given to this session before stops working.
    @Sendable func webSession(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        let user = context.user
        guard let token = try await webSessions.attach(sessionID: user.sessionID, userID: user.id, logger: context.logger) else {
            throw HTTPFailure.sessionEnded
        }
        return Response(status: .noContent, headers: [.setCookie: cookies.setSession(token), .cacheControl: "no-store"])
    }

    /// 201 `{url, expiresAt}`: a link valid once, for a minute; at most `SIGN_IN_LINK_MAX` per window.
    @Sendable func signInLink(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<SignInLink> {
        let body = try await request.decodeIfPresent(as: SignInLinkRequest.self, context: context)
        let next = try body?.next.map { next in
            guard SignInTarget.isLocal(next) else {
                throw HTTPFailure.validation("api.sign-in-next")
            }
            return next
        }
        try await limiter.admit(.signInLinksPerAccount, context: context)
        let issued = try await links.issue(sessionID: context.user.sessionID, logger: context.logger)
        let url = origin.origin + SignInLinkPageController.pathPrefix + issued.token + (next.map(SignInTarget.query(next:)) ?? "")
        return EditedResponse(
            status: .created, headers: [.cacheControl: "no-store"], response: SignInLink(url: url, expiresAt: issued.expiresAt))
    }
}
