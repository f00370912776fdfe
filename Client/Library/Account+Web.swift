import ExamPrepShared
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The browser signed in from this session: an app's web views (the session's own cookie) and a
/// system browser (a one-time link).
extension Account {
    /// `POST /api/web-session`: the cookies that sign a web view in to the server's pages as
    /// **this** session, for the server's origin. It is one session: the server lists it once,
    /// and ``logout()`` (or the session ending anywhere else) signs the web views out with it;
    /// they then get 401 (a `User-Agent` holding `Turbo Native`) and the app shows its sign-in.
    /// Each call gives a new cookie; the one given before stops working.
    public func webSessionCookies() async throws -> [HTTPCookie] {
        let (_, response) = try await perform { try await $0.sendKeepingHeaders(.webSession) }
        guard let setCookie = response.header("set-cookie") else {
            throw APIError.undecodableBody(status: response.status, detail: "expected a Set-Cookie header")
        }
        let baseURL = session.api.baseURL
        return HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": setCookie], for: baseURL)
    }

    /// `POST /api/me/sign-in-links`: an address that signs one browser in as this person (a
    /// session of its own), once, within a minute; `next` is a path of the pages to land on
    /// (`/courses/3`), the person's home when nil.
    public func signInLink(next: String? = nil) async throws -> SignInLink {
        try await perform { try await $0.send(.signInLink(next: next)) }
    }
}

#if canImport(WebKit)
    import WebKit

    extension Account {
        /// Signs the web views of `cookieStore` (a `WKWebsiteDataStore`'s `httpCookieStore`) in as
        /// this session: call it after a native sign-in, before loading the first page.
        public func signIn(webViewCookies cookieStore: WKHTTPCookieStore) async throws {
            for cookie in try await webSessionCookies() {
                await cookieStore.setCookie(cookie)
            }
        }
    }
#endif

/// `POST /api/web-session` answers 204: nothing to decode.
public struct NoContent: RawResponseBody, Hashable {
    public init(body: Data) {}
}

extension APIRequest where Response == NoContent {
    public static var webSession: Self { .init(.post, APIPaths.webSession, requiresAuthentication: true) }
}

extension APIRequest where Response == SignInLink {
    public static func signInLink(next: String? = nil) -> Self {
        .init(.post, APIPaths.signInLinks, body: next.map { SignInLinkRequest(next: $0) }, requiresAuthentication: true)
    }
}
