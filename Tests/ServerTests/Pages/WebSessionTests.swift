import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The browser's session: its cookie, its place among the API's sessions, what ends it, and
/// what a request without one gets.
@Suite("Web sessions", .hangGuard)
struct WebSessionTests {
    @Test("signing in sets an HttpOnly, SameSite=Lax cookie whose session the API lists and logout everywhere ends")
    func signInAndEnd() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("web")
            try await server.register(email, role: .student).expect(.created)
            var browser = TestBrowser(server)
            try await browser.get("/login").expect(.ok)
            #expect(browser.lastSetCookies.contains { $0.hasPrefix("examprep_pre=") && $0.contains("HttpOnly") })
            let signedIn = try await browser.post("/login", [("email", email), ("password", "correct horse battery")]).expect(.seeOther)
            #expect(signedIn.headers[.location] == "/courses")
            let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("examprep_session=") })
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax") && cookie.contains("Path=/"))
            #expect(!cookie.contains("Secure") && !cookie.contains("Max-Age"))
            try await browser.get("/courses").expect(.ok)
            #expect(browser.page.contains(email))

            // The API sees the browser's session among the user's sessions.
            let app = try await server.login(email)
            let sessions = try await server.get(APIPaths.meSessions, token: app.token).expect(.ok).decode([SessionInfo].self)
            #expect(sessions.count == 2)
            #expect(sessions.contains { $0.userAgent?.contains("TestBrowser") == true })

            // Logout everywhere from the app ends the browser's session at once.
            try await server.send(.post, APIPaths.logout + "?scope=all", token: app.token).expect(.ok)
            let after = try await browser.get("/courses").expect(.seeOther)
            #expect(after.headers[.location]?.hasPrefix("/login") == true)
        }
    }

    @Test("over https the cookie is Secure with the __Host- prefix, and forms from another origin are refused")
    func secureCookie() async throws {
        try await TestServer.run(configure: { $0.publicURL = URL(string: "https://exams.example.org") }) { server in
            let email = uniqueEmail("secure")
            try await server.register(email, role: .student).expect(.created)
            var browser = TestBrowser(server)
            try await browser.get("/login")
            let origin: HTTPFields = [.origin: "https://exams.example.org"]
            try await browser.post("/login", [("email", email), ("password", "correct horse battery")], headers: origin).expect(.seeOther)
            let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("__Host-examprep_session=") })
            #expect(cookie.contains("Secure") && cookie.contains("HttpOnly") && cookie.contains("Path=/") && !cookie.contains("Domain"))
            try await browser.get("/courses").expect(.ok)
            try await browser.post("/courses", [("courseCode", "ABCD")], headers: [.origin: "http://localhost"]).expect(.forbidden)
        }
    }

    @Test("a new session at every sign-in: a cookie planted before it never becomes a signed-in one")
    func noFixation() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("fixation")
            try await server.register(email, role: .student).expect(.created)
            var browser = TestBrowser(server)
            browser.cookies["examprep_session"] = String(repeating: "A", count: 43)
            try await browser.get("/login").expect(.ok)
            #expect(browser.cookies["examprep_session"] == nil, "an unknown session cookie is cleared")
            browser.cookies["examprep_session"] = String(repeating: "A", count: 43)
            try await browser.post("/login", [("email", email), ("password", "correct horse battery")]).expect(.seeOther)
            let issued = try #require(browser.cookies["examprep_session"])
            #expect(issued != String(repeating: "A", count: 43))
            // Signing out ends the session itself, not only the browser's cookie.
            try await browser.get("/courses").expect(.ok)
            var copy = TestBrowser(server)
            copy.cookies["examprep_session"] = issued
            try await copy.get("/courses").expect(.ok)
            try await browser.post("/logout", []).expect(.seeOther)
            try await copy.get("/courses").expect(.seeOther)
        }
    }

    @Test("without a session: 303 to /login for a browser, 401 with the envelope for an app's web view or a JSON caller")
    func signedOut() async throws {
        try await TestServer.run { server in
            let browser = try await server.send(.get, "/courses", headers: [.userAgent: "Mozilla/5.0"]).expect(.seeOther)
            #expect(browser.headers[.location] == "/login?next=/courses")
            let app = try await server.send(.get, "/courses", headers: [.userAgent: "ExamPrep iOS (Turbo Native)"]).expect(.unauthorized)
            #expect(app.error?.error == .unauthorized)
            let script = try await server.send(.get, "/attempts/1", headers: [.accept: "application/json, text/html;q=0.5"])
            #expect(script.status == .unauthorized && script.error != nil)
            // The API never reads the cookie.
            var page = TestBrowser(server)
            try await page.registerStudent(uniqueEmail("api"))
            let cookie = try #require(page.cookies["examprep_session"])
            try await server.send(.get, APIPaths.me, headers: [.cookie: "examprep_session=\(cookie)"]).expect(.unauthorized)
        }
    }

    @Test("every page carries the CSP, nosniff, no framing, a referrer policy and no-store; assets are cached for a year")
    func headers() async throws {
        try await TestServer.run { server in
            // Signed out, and signed in (an exam's page with its questions must never sit in a
            // shared computer's cache): every page, error pages and redirects included.
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("headers"))
            let (faculty, _, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: faculty.token)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attempt = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            var replies: [(String, TestReply)] = []
            for path in ["/login", "/register", "/courses", "/exams/999999", "/forgot", "/reset/unknown"] {
                replies.append((path, try await server.get(path)))
            }
            for path in [
                "/courses", "/courses/\(course.id ?? 0)", "/exams/\(exam.id)", attempt, attempt + "/summary", "/grades", "/account",
                "/practice",
            ] {
                replies.append((path, try await browser.get(path)))
            }
            for (path, reply) in replies {
                let policy = try #require(reply.headers[.contentSecurityPolicy], "\(path)")
                #expect(
                    policy.contains("default-src 'self'") && policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"))
                #expect(reply.headers[.xContentTypeOptions] == "nosniff")
                #expect(reply.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
                #expect(reply.headers[.cacheControl] == "no-store", "\(path) (\(reply.status.code))")
            }
            #expect(replies.contains { $0.0 == attempt && $0.1.status == .ok }, "the attempt's page itself")
            let login = try await server.get("/login").expect(.ok)
            let css = try #require(login.text.firstMatch(of: /href="(\/assets\/app\.[0-9a-f]{10}\.css)"/)?.1)
            let js = try #require(login.text.firstMatch(of: /src="(\/assets\/app\.[0-9a-f]{10}\.js)"/)?.1)
            #expect(!login.text.contains("<script>") && !login.text.contains("style="))
            for asset in [css, js] {
                let reply = try await server.get(String(asset)).expect(.ok)
                #expect(reply.headers[.cacheControl] == "public, max-age=31536000, immutable")
                #expect(reply.headers[.xContentTypeOptions] == "nosniff")
            }
            try await server.get("/assets/app.0000000000.css").expect(.notFound)
        }
    }
    /// A browser that signs in again (the form, or a one-time link) ends the session it had:
    /// one browser, one session (docs/WEB.md). A copy of the old cookie is signed out.
    @Test("signing in again in the same browser ends the session it had, by the form or by a one-time link")
    func signingInAgainEndsThePreviousSession() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("again")
            var browser = TestBrowser(server)
            try await browser.registerStudent(email)
            let app = try await server.login(email)

            for way in ["the sign-in form", "a one-time link"] {
                let before = try #require(browser.cookies["examprep_session"])
                var copy = TestBrowser(server)
                copy.cookies["examprep_session"] = before
                try await copy.get("/courses").expect(.ok)
                if way == "the sign-in form" {
                    try await browser.get("/courses").expect(.ok)
                    try await browser.post("/login", [("email", email), ("password", "correct horse battery")]).expect(.seeOther)
                } else {
                    let link = try await server.send(.post, APIPaths.signInLinks, token: app.token).expect(.created).decode(SignInLink.self)
                    try await browser.get(try WebSignInTests.path(of: link.url), headers: [.secFetchSite: "none"]).expect(.seeOther)
                }
                let after = try #require(browser.cookies["examprep_session"])
                #expect(after != before, "\(way): a new session")
                try await browser.get("/courses").expect(.ok)
                let old = try await copy.get("/courses")
                #expect(old.status == .seeOther && old.headers[.location]?.hasPrefix("/login") == true, "\(way): the old session ended")
                let sessions = try await server.get(APIPaths.meSessions, token: app.token).expect(.ok).decode([SessionInfo].self)
                #expect(sessions.count == 2, "\(way): the app's session and one browser session: \(sessions)")
            }
        }
    }
}
