import Crypto
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// `examprep login --browser` as the server sees it (RFC 8252): the app's request waits for the
/// browser's sign-in (a password here; the school's button in `SchoolSignInTests` and the
/// browser tests), comes back to the loopback address with a one-time code, and the code with
/// its PKCE verifier is worth the usual tokens, once.
@Suite("App sign-in through the browser", .hangGuard)
struct AppSignInTests {
    static let verifier = String(repeating: "v", count: 43)
    static var challenge: String {
        Data(SHA256.hash(data: Data(verifier.utf8))).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }
    static let redirect = "http://127.0.0.1:45678/callback"

    static func startPath(redirect: String = redirect, challenge: String = challenge, method: String = "S256", state: String = "st-1")
        -> String
    {
        let query = TestBrowser.encode([
            (AppSignIn.redirectURIItem, redirect), (AppSignIn.codeChallengeItem, challenge), (AppSignIn.codeChallengeMethodItem, method),
            (AppSignIn.stateItem, state),
        ])
        return AppSignIn.startPath + "?" + query
    }

    @Test func aSignedOutBrowserSignsInAndTheAppGetsItsTokensOnce() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("pupil")
            _ = try await server.signUp(email, role: .student)
            var browser = TestBrowser(server)
            let start = try await browser.get(Self.startPath()).expect(.seeOther)
            let login = try #require(start.headers[.location])
            #expect(login.hasPrefix("/login?next=/auth/app/continue/"))
            try await browser.get(login).expect(.ok)
            let next = try #require(TestBrowser.value(of: "next", in: browser.page))
            let signedIn = try await browser.post("/login", [("email", email), ("password", "correct horse battery"), ("next", next)])
                .expect(.seeOther)
            let back = try await browser.get(try #require(signedIn.headers[.location])).expect(.seeOther)
            let location = try #require(back.headers[.location])
            #expect(location.hasPrefix(Self.redirect + "?code=") && location.hasSuffix("&state=st-1"))
            let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)

            // A wrong verifier or address spends the code: it is tried once.
            let exchange = AppTokenRequest(code: code, codeVerifier: Self.verifier, redirectUri: Self.redirect)
            var wrong = exchange
            wrong.codeVerifier = String(repeating: "w", count: 43)
            try await server.post(APIPaths.appToken, json: wrong).expect(.badRequest)
            try await server.post(APIPaths.appToken, json: exchange).expect(.badRequest)
        }
    }

    @Test func theCodeIsWorthTheUsualTokensAndABrowserAlreadySignedInConfirmsFirst() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("pupil")
            _ = try await server.signUp(email, role: .student)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("other"))
            try await browser.get(Self.startPath()).expect(.ok)
            #expect(browser.page.contains("asks to sign in as") && browser.page.contains("Continue to the app"))
            let continuePath = try #require(
                browser.page.range(of: "href=\"/auth/app/continue/").map { range in
                    String(browser.page[range.lowerBound...].dropFirst(6).prefix { $0 != "\"" })
                })
            // Another browser cannot spend this browser's request.
            var other = TestBrowser(server)
            try await other.registerStudent(uniqueEmail("thief"))
            try await other.get(continuePath).expect(.gone)

            let back = try await browser.get(continuePath).expect(.seeOther)
            let backTo = try #require(back.headers[.location])
            let code = try #require(URLComponents(string: backTo)?.queryItems?.first { $0.name == "code" }?.value)
            try await browser.get(continuePath).expect(.gone)
            let tokens = try await server.post(
                APIPaths.appToken, json: AppTokenRequest(code: code, codeVerifier: Self.verifier, redirectUri: Self.redirect)
            ).expect(.ok).decode(LoginResponse.self)
            #expect(tokens.refreshToken != nil && tokens.role == .student)
            try await server.get(APIPaths.me, token: tokens.token).expect(.ok)
            try await server.post(
                APIPaths.appToken, json: AppTokenRequest(code: code, codeVerifier: Self.verifier, redirectUri: Self.redirect)
            ).expect(.badRequest)
        }
    }

    @Test func onlyALoopbackAddressAndAnS256ChallengeAreAccepted() async throws {
        try await TestServer.run { server in
            var browser = TestBrowser(server)
            for path in [
                Self.startPath(redirect: "https://evil.example/callback"), Self.startPath(redirect: "http://localhost:4000/callback"),
                Self.startPath(redirect: "http://127.0.0.1/callback"), Self.startPath(redirect: "http://127.0.0.1:4000/c?x=1"),
                Self.startPath(redirect: "http://user@127.0.0.1:4000/c"), Self.startPath(method: "plain"),
                Self.startPath(challenge: "short"), Self.startPath(state: ""), Self.startPath(state: "a b"), AppSignIn.startPath,
            ] {
                try await browser.get(path).expect(.badRequest)
                #expect(browser.page.contains("not a sign-in of the ExamPrep app"))
            }
            try await browser.get(Self.startPath(redirect: "http://[::1]:4000/callback")).expect(.seeOther)
        }
    }
}
