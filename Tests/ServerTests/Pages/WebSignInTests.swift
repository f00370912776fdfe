import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// A native sign-in that signs the browser in too (issue 38): the app's own session as a cookie
/// (`POST /api/web-session`) and one-time sign-in links (`POST /api/me/sign-in-links`,
/// `GET /sign-in/{token}`).
@Suite("Web sign-in from the app and the terminal", .hangGuard)
struct WebSignInTests {
    static let turboNative: HTTPFields = [.userAgent: "ExamPrep iOS (Turbo Native)"]

    @Test("POST /api/web-session: the cookie of the app's own session, listed once, ended by the app's logout")
    func webSession() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("hybrid")
            let app = try await server.signUp(email, role: .student)
            try await server.send(.post, APIPaths.webSession).expect(.unauthorized)
            let reply = try await server.send(.post, APIPaths.webSession, token: app.token).expect(.noContent)
            let cookie = try #require(reply.headers[values: .setCookie].first { $0.hasPrefix("examprep_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
            var webView = TestBrowser(server)
            webView.cookies["examprep_session"] = Self.value(of: cookie)
            try await webView.get("/courses").expect(.ok)
            #expect(webView.page.contains(email))
            let sessions = try await server.get(APIPaths.meSessions, token: app.token).expect(.ok).decode([SessionInfo].self)
            #expect(sessions.count == 1 && sessions.first?.current == true)

            // A second call gives a new cookie; the first stops working.
            let again = try await server.send(.post, APIPaths.webSession, token: app.token).expect(.noContent)
            let newer = try #require(again.headers[values: .setCookie].first.map(Self.value(of:)))
            #expect(newer != webView.cookies["examprep_session"])
            try await webView.get("/courses", headers: Self.turboNative).expect(.unauthorized)
            webView.cookies["examprep_session"] = newer
            try await webView.get("/courses").expect(.ok)

            // The app signs out: its web views are signed out with it.
            try await server.send(.post, APIPaths.logout, token: app.token).expect(.ok)
            let signedOut = try await webView.get("/courses", headers: Self.turboNative).expect(.unauthorized)
            #expect(signedOut.error?.error == .unauthorized)
            webView.cookies["examprep_session"] = newer
            let redirected = try await webView.get("/courses").expect(.seeOther)
            #expect(redirected.headers[.location] == "/login?next=/courses")
            try await server.send(.post, APIPaths.webSession, token: app.token).expect(.unauthorized)
        }
    }

    @Test("over https the app's cookie is Secure with the __Host- prefix, and a link names PUBLIC_URL")
    func https() async throws {
        try await TestServer.run(configure: { $0.publicURL = URL(string: "https://exams.example.org/ignored/path") }) { server in
            let app = try await server.signUp(uniqueEmail("https"), role: .faculty)
            let reply = try await server.send(.post, APIPaths.webSession, token: app.token).expect(.noContent)
            let cookie = try #require(reply.headers[values: .setCookie].first)
            #expect(cookie.hasPrefix("__Host-examprep_session=") && cookie.contains("Secure") && !cookie.contains("Domain"))
            let link = try await server.send(.post, APIPaths.signInLinks, token: app.token).expect(.created).decode(SignInLink.self)
            #expect(link.url.hasPrefix("https://exams.example.org/sign-in/"))
        }
    }

    @Test("a sign-in link opens a new browser session once: used again, or 61 s old, it is 410 and says so")
    func linkOnce() async throws {
        let clock = TestClock()
        try await TestServer.run(configure: { $0.clock = clock.serverClock }) { server in
            let email = uniqueEmail("terminal")
            let app = try await server.signUp(email, role: .student)
            let link = try await server.send(.post, APIPaths.signInLinks, token: app.token).expect(.created)
            #expect(link.headers[.cacheControl] == "no-store")
            let issued = try link.decode(SignInLink.self)
            #expect(issued.url.hasPrefix("http://127.0.0.1:\(server.port)/sign-in/"))
            #expect(abs(issued.expiresAt.timeIntervalSince(clock.now) - 60) < 1)

            var browser = TestBrowser(server)
            browser.cookies["examprep_session"] = String(repeating: "A", count: 43)  // planted before: never signed in
            clock.advance(by: 59)
            let landed = try await browser.get(Self.path(of: issued.url)).expect(.seeOther)
            #expect(landed.headers[.location] == "/courses")
            #expect(browser.cookies["examprep_session"] != String(repeating: "A", count: 43))
            try await browser.follow(landed).expect(.ok)
            #expect(browser.page.contains(email))
            // A session of its own: the app's and the browser's.
            #expect(try await server.get(APIPaths.meSessions, token: app.token).decode([SessionInfo].self).count == 2)

            var other = TestBrowser(server)
            let used = try await other.get(Self.path(of: issued.url)).expect(.gone)
            #expect(other.page.contains("already been used") && other.cookies["examprep_session"] == nil)

            let late = try await server.send(.post, APIPaths.signInLinks, token: app.token).decode(SignInLink.self)
            clock.advance(by: 61)
            try await other.get(Self.path(of: late.url)).expect(.gone)
            #expect(other.page.contains("expired") && other.cookies["examprep_session"] == nil)
            #expect(used.headers[.contentSecurityPolicy] != nil)
        }
    }

    @Test("a link lands on its next path; a next that is not a path of this site is 400, never a 500")
    func next() async throws {
        try await TestServer.run { server in
            let app = try await server.signUp(uniqueEmail("next"), role: .student)
            let link = try await server.post(APIPaths.signInLinks, json: SignInLinkRequest(next: "/grades?x=1"), token: app.token)
                .expect(.created).decode(SignInLink.self)
            var browser = TestBrowser(server)
            let landed = try await browser.get(Self.path(of: link.url)).expect(.seeOther)
            #expect(landed.headers[.location] == "/grades?x=1")
            let outside = ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "courses", ""]
            let odd = ["/\"><script>", "/a'b", "/%2F%2Fevil.example", "/a b", String(repeating: "/a", count: 200)]
            for next in outside + odd + FuzzText.inputs + FuzzText.inputs.map({ "/" + $0 }) {
                let reply = try await server.post(APIPaths.signInLinks, json: SignInLinkRequest(next: next), token: app.token)
                #expect(reply.status == .badRequest || reply.status == .created, "\(next): \(reply.status)")
                if reply.status == .created {
                    let made = try reply.decode(SignInLink.self)
                    let location = try await Self.visit(server, Self.path(of: made.url)).headers[.location]
                    #expect(location?.hasPrefix("/") == true && location?.hasPrefix("//") == false, "\(next) led to \(location ?? "-")")
                }
            }
            try await server.post(APIPaths.signInLinks, raw: "{\"next\": 7}", token: app.token).expect(.badRequest)
        }
    }

    @Test("from another site or by HEAD a link is not spent; once its session has ended it is refused")
    func notSpent() async throws {
        try await TestServer.run { server in
            let app = try await server.signUp(uniqueEmail("cross"), role: .student)
            let link = try await server.send(.post, APIPaths.signInLinks, token: app.token).decode(SignInLink.self)
            var browser = TestBrowser(server)
            try await browser.send(.head, Self.path(of: link.url)).expect(.ok)
            for site in ["cross-site", "same-site"] {
                try await browser.get(Self.path(of: link.url), headers: [.secFetchSite: site]).expect(.ok)
                #expect(browser.page.contains("Continue signing in") && browser.cookies["examprep_session"] == nil, "\(site)")
            }
            try await browser.get(Self.path(of: link.url), headers: [.secFetchSite: "same-origin"]).expect(.seeOther)
            #expect(browser.cookies["examprep_session"] != nil)

            let orphan = try await server.send(.post, APIPaths.signInLinks, token: app.token).decode(SignInLink.self)
            try await server.send(.post, APIPaths.logout, token: app.token).expect(.ok)
            try await Self.visit(server, Self.path(of: orphan.url)).expect(.gone)
        }
    }

    @Test("guessed and garbage tokens are 410 or 404, never a 500, and no token reaches the log")
    func garbage() async throws {
        let lines = CapturingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let token: String = try await TestServer.run(configure: { $0.logLevel = .trace }, logger: logger) { server in
            let tokens =
                [
                    "", "x", String(repeating: "A", count: 43), String(repeating: "A", count: 44), String(repeating: "z", count: 10_000),
                    "%00", "..%2F..%2Fetc", "%E2%80%AE", "a%CC%81",
                ]
                + FuzzText.inputs.map { $0.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "" }
            for token in tokens {
                let reply = try await Self.visit(server, SignInLinkPageController.pathPrefix + token + "?next=" + token)
                #expect([.gone, .notFound].contains(reply.status), "\(token.prefix(40)): \(reply.status)")
            }
            let app = try await server.signUp(uniqueEmail("log"), role: .student)
            let link = try await server.send(.post, APIPaths.signInLinks, token: app.token).decode(SignInLink.self)
            try await Self.visit(server, Self.path(of: link.url)).expect(.seeOther)
            let shouted = try await Self.visit(server, Self.path(of: link.url).uppercased())
            #expect([.gone, .notFound].contains(shouted.status))
            return String(try Self.path(of: link.url).dropFirst(SignInLinkPageController.pathPrefix.count))
        }
        let logged = lines.all
        #expect(logged.contains { $0.contains("path=/sign-in/…") })
        #expect(!logged.contains { $0.contains(token) || $0.contains(token.uppercased()) })
    }

    @Test("many link requests from one account: 429 with Retry-After")
    func rateLimited() async throws {
        try await TestServer.run { server in
            let app = try await server.signUp(uniqueEmail("flood"), role: .student)
            let limit = RateLimiter.Limits().signInLinksPerAccount.maxAttempts
            for _ in 0..<limit {
                try await server.send(.post, APIPaths.signInLinks, token: app.token).expect(.created)
            }
            let refused = try await server.send(.post, APIPaths.signInLinks, token: app.token).expect(.tooManyRequests)
            #expect(refused.error?.error == .rateLimited && Int(refused.headers[.retryAfter] ?? "") ?? 0 > 0)
            // Another account is not held back.
            let other = try await server.signUp(uniqueEmail("other"), role: .student)
            try await server.send(.post, APIPaths.signInLinks, token: other.token).expect(.created)
        }
    }

    /// The characters a URL carries as they are (RFC 3986's unreserved ones).
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A page as a new browser sees it.
    static func visit(_ server: TestServer, _ path: String) async throws -> TestReply {
        var browser = TestBrowser(server)
        return try await browser.get(path)
    }

    /// The value of a `Set-Cookie` line.
    static func value(of setCookie: String) -> String {
        String((setCookie.split(separator: ";").first ?? "").split(separator: "=", maxSplits: 1).last ?? "")
    }

    /// The path and query of a link, to request from the test server.
    static func path(of url: String) throws -> String {
        let components = try #require(URLComponents(string: url))
        return components.percentEncodedPath + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }
}
