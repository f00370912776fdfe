import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// A sign-in the hashing queue sheds (its wait estimate past `PASSWORD_HASH_MAX_WAIT`) comes
/// back as the form, 503 with `Retry-After`, saying when to press the form's button again; the
/// page's script waits in line and sends it again by itself (Tests/Browser/test_sign_in_surge.py).
@Suite("Sign-in surge", .hangGuard)
struct SignInSurgeTests {
    static let password = "correct horse battery"

    @Test(
        "a shed sign-in or registration is the form again, 503 with Retry-After, saying when to press its button again in either language, the email kept and never the password"
    )
    func aShedSignInSaysWhenToPressAgain() async throws {
        let hold = HashingHold()
        try await TestServer.run(configure: {
            // One hashing thread, no wait allowed: a sign-in arriving while the test holds the
            // thread is shed every time, however loaded the machine.
            $0.hashingHold = hold
            $0.hashThreads = 1
            $0.hashMaxWait = .zero
        }) { server in
            let email = uniqueEmail("pupil")
            // Shed too while the start's own measuring hash still runs: nothing is created then.
            try await eventually("the account registered") {
                try await server.register(email, role: .student).status == .created
            }
            let typed = "se\u{301}cret \"quoted\" \u{302}"
            let forms: [(path: String, fields: [(String, String)], english: String, polish: String)] = [
                ("/login", [("email", email), ("password", typed)], "Press Sign in again in", "Naciśnij „Zaloguj się” ponownie za"),
                (
                    "/register", [("email", uniqueEmail("new")), ("password", typed)], "Press Create account again in",
                    "Naciśnij „Załóż konto” ponownie za"
                ),
            ]
            for language in ["en", "pl"] {
                var browser = TestBrowser(server)
                browser.cookies["lang"] = language
                try await browser.get("/login").expect(.ok)
                #expect(browser.page.contains("data-countdown"), "the form waits in line with JavaScript")
                let csrf = try #require(TestBrowser.value(of: "csrf", in: browser.page))
                for form in forms {
                    let reply = try await hold.whileOccupying {
                        try await browser.post(form.path, form.fields, csrf: csrf).expect(.serviceUnavailable)
                    }
                    let retryAfter = try #require(Int(reply.headers[.retryAfter] ?? ""))
                    #expect(retryAfter >= 1)
                    let said =
                        language == "en"
                        ? "Many people are signing in right now. \(form.english) \(retryAfter) second"
                        : "Wiele osób loguje się teraz. \(form.polish) \(retryAfter) sekund"
                    #expect(browser.page.contains(said), "\(browser.page)")
                    #expect(browser.page.contains("value=\"\(form.fields[0].1)\""), "the email is kept")
                    #expect(!browser.page.contains("se\u{301}cret") && !browser.page.contains("&quot;quoted&quot;"), "never the password")
                }
            }
            // Once the thread is free, the same form signs in.
            var browser = TestBrowser(server)
            try await browser.get("/login").expect(.ok)
            try await browser.post("/login", [("email", email), ("password", Self.password)]).expect(.seeOther)
        }
    }

    @Test("a registration past the address's limit is the form again, 429 with Retry-After and the limit's message")
    func aRegistrationPastTheLimitSaysWhen() async throws {
        try await TestServer.run(configure: {
            $0.limits = RateLimiter.Limits()
            $0.limits.registrationsPerAddress = RateLimit(maxAttempts: 1, windowSeconds: 600)
        }) { server in
            var first = TestBrowser(server)
            try await first.get("/register").expect(.ok)
            let firstCSRF = try #require(TestBrowser.value(of: "csrf", in: first.page))
            try await first.post("/register", [("email", uniqueEmail("first")), ("password", Self.password)], csrf: firstCSRF)
                .expect(.seeOther)

            var second = TestBrowser(server)
            try await second.get("/register").expect(.ok)
            let csrf = try #require(TestBrowser.value(of: "csrf", in: second.page))
            let refused = try await second.post("/register", [("email", uniqueEmail("second")), ("password", Self.password)], csrf: csrf)
                .expect(.tooManyRequests)
            let retryAfter = try #require(Int(refused.headers[.retryAfter] ?? ""))
            #expect((1...600).contains(retryAfter))
            #expect(second.page.contains("registrations from your address"), "\(second.page)")
        }
    }
}
