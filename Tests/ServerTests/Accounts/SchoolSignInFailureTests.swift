import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Every way a sign-in with the school's account can fail signs nobody in and shows a page that
/// says what to do (never a 500), logged without the token: a spoiled ID token of each kind, the
/// provider's refusal, a provider down or slow, a key set without the key, a state missing,
/// reused or from another browser.
@Suite("Sign-in with the school's accounts: bad input", .hangGuard)
struct SchoolSignInFailureTests {
    /// Each spoiled answer of the provider, with the status and words of its page.
    static let spoiled: [(spoil: String, status: HTTPResponse.Status, words: String)] = [
        ("signature", .badRequest, "cannot trust"), ("issuer", .badRequest, "cannot trust"), ("audience", .badRequest, "cannot trust"),
        ("nonce", .badRequest, "cannot trust"), ("expired", .badRequest, "cannot trust"), ("future", .badRequest, "cannot trust"),
        ("unknown_kid", .badRequest, "cannot trust"), ("alg_none", .badRequest, "cannot trust"), ("hs256", .badRequest, "cannot trust"),
        ("unverified", .forbidden, "no verified email address"), ("no_email", .forbidden, "no verified email address"),
        ("deny", .badRequest, "it said: access_denied"), ("token_error", .serviceUnavailable, "did not answer in time"),
        ("token_huge", .serviceUnavailable, "did not answer in time"),
    ]

    @Test func everySpoiledAnswerSignsNobodyInAndSaysWhatToDo() async throws {
        let lines = CapturingLogHandler.Lines()
        try await SchoolSignInSupport.run(logLines: lines) { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "spoiled", email: email)
            for (spoil, status, words) in Self.spoiled {
                try await provider.spoil(spoil)
                var browser = TestBrowser(server)
                let reply = try await browser.signInWithSchool(provider)
                #expect(reply.status == status, "\(spoil): \(reply.status)")
                #expect(browser.page.contains(words), "\(spoil): \(browser.page)")
                #expect(browser.page.contains("href=\"/auth/oidc/start\""), "\(spoil): no way to try again")
                #expect(!reply.headers[values: .setCookie].contains { $0.contains("examprep_session=") && !$0.contains("Max-Age=0") })
                #expect(!(try await browser.isSignedIn()), "\(spoil) signed someone in")
            }
            // The same person, with nothing spoiled, gets in: the refusals were the tokens'.
            try await provider.spoil(nil)
            var browser = TestBrowser(server)
            try await browser.signInWithSchool(provider).expect(.seeOther)
            #expect(!lines.all.contains { $0.contains("eyJ") }, "a token reached the log")
            #expect(lines.all.contains { $0.contains("school sign-in refused") && $0.contains("untrusted") })
        }
    }

    @Test func anotherDomainOrTenantIsRefused() async throws {
        try await SchoolSignInSupport.run(tenants: ["tenant-a"]) { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "private", email: "someone@gmail.example", tenant: "tenant-a")
            var browser = TestBrowser(server)
            try await browser.signInWithSchool(provider).expect(.forbidden)
            #expect(browser.page.contains("takes school accounts of school.example only"))
            try await provider.signIn(subject: "other-school", email: email, tenant: "tenant-b")
            try await browser.signInWithSchool(provider).expect(.forbidden)
            #expect(browser.page.contains("belongs to another organisation"))
            try await provider.signIn(subject: "no-tenant", email: email)
            try await browser.signInWithSchool(provider).expect(.forbidden)
            try await provider.signIn(subject: "right-tenant", email: email, tenant: "TENANT-A")
            try await browser.signInWithSchool(provider).expect(.seeOther)
        }
    }

    @Test func aStateMissingReusedOrFromAnotherBrowserSignsNobodyIn() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "state", email: email)
            var browser = TestBrowser(server)
            let start = try await browser.get("/auth/oidc/start").expect(.found)
            let callback = try TestBrowser.localPath(try await provider.authorize(try #require(start.headers[.location])))

            // Another browser (an attacker who got the link, with a flow cookie of its own, and
            // one without any) gets nothing, and spends nothing.
            var other = TestBrowser(server)
            try await other.get(callback).expect(.badRequest)
            try await other.get("/auth/oidc/start").expect(.found)
            #expect(other.cookies["examprep_flow"] != nil)
            try await other.get(callback).expect(.badRequest)
            #expect(other.page.contains("started in another browser"))
            #expect(!(try await other.isSignedIn()))
            let noState = callback.replacingOccurrences(of: "state=", with: "x=")
            try await browser.get(noState).expect(.badRequest)

            try await browser.get(callback).expect(.seeOther)
            var replay = TestBrowser(server)
            replay.cookies = browser.cookies.filter { $0.key == "examprep_flow" }
            try await replay.get(callback).expect(.badRequest)
            #expect(!(try await replay.isSignedIn()))
        }
    }

    @Test func aStateOlderThanTenMinutesIsRefused() async throws {
        let clock = TestClock()
        try await SchoolSignInSupport.run(configure: { $0.clock = clock.serverClock }) { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "slow-pupil", email: email)
            var browser = TestBrowser(server)
            let start = try await browser.get("/auth/oidc/start").expect(.found)
            let callback = try TestBrowser.localPath(try await provider.authorize(try #require(start.headers[.location])))
            clock.advance(by: 601)
            try await browser.get(callback).expect(.badRequest)
            #expect(browser.page.contains("more than 10 minutes old"))
        }
    }

    @Test func aProviderThatIsDownOrSlowIsAPageNotA500() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "patient", email: email)
            try await provider.spoil("slow")
            var browser = TestBrowser(server)
            try await browser.signInWithSchool(provider).expect(.serviceUnavailable)
            #expect(browser.page.contains("did not answer in time"))
            try await provider.release()
            try await provider.spoil(nil)
            try await browser.signInWithSchool(provider).expect(.seeOther)
        }
        // A provider that is gone: the start itself cannot reach its discovery document.
        let gone = try await TestOpenIDProvider.start()
        await gone.stop()
        var configuration = try await LiveServer.configuration()
        configuration.schoolSignIn = gone.settings(domains: [SchoolSignInSupport.domain])
        try await LiveServer.run(configuration) { client in
            var browser = TestBrowser(TestServer(client: client))
            let reply = try await browser.get("/auth/oidc/start").expect(.serviceUnavailable)
            #expect(reply.headers[.retryAfter] != nil && browser.page.contains("did not answer in time"))
            try await browser.get("/auth/oidc/callback?state=x&code=y").expect(.badRequest)
        }
    }

    @Test func keysAreReadAgainForAnUnknownKidAtMostOnceAMinute() async throws {
        let clock = TestClock()
        try await SchoolSignInSupport.run(configure: { $0.clock = clock.serverClock }) { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "keys", email: email)
            var browser = TestBrowser(server)
            try await browser.signInWithSchool(provider).expect(.seeOther)
            try await browser.signInWithSchool(provider).expect(.seeOther)
            #expect(try await provider.stats()["jwks"] == 1, "the key set is kept")

            clock.advance(by: 61)
            try await provider.rotateKey()
            try await browser.signInWithSchool(provider).expect(.seeOther)
            #expect(try await provider.stats()["jwks"] == 2, "an unknown kid reads the set again")

            // A token signed by a key the set lacks: read again only once the minute is over.
            try await provider.spoil("unknown_kid")
            try await browser.signInWithSchool(provider).expect(.badRequest)
            #expect(try await provider.stats()["jwks"] == 2)
            clock.advance(by: 61)
            try await browser.signInWithSchool(provider).expect(.badRequest)
            #expect(try await provider.stats()["jwks"] == 3)
        }
    }

    @Test func aKeySetTooLargeOrDownIsRefused() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "big", email: email)
            for spoil in ["jwks_huge", "jwks_down"] {
                try await provider.spoil(spoil)
                var browser = TestBrowser(server)
                try await browser.signInWithSchool(provider).expect(.serviceUnavailable)
                #expect(!(try await browser.isSignedIn()))
            }
        }
    }
}
