import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The `OIDC_…` settings, the routes without them (404, no button), and the fuzz inputs of every
/// query parameter and form field of the school sign-in.
@Suite("Sign-in with the school's accounts: settings and fuzz", .hangGuard)
struct SchoolSignInSettingsTests {
    static let complete = [
        "OIDC_ISSUER": "https://login.microsoftonline.com/0b0c2f5a-1111-2222-3333-444455556666/v2.0", "OIDC_CLIENT_ID": "app",
        "OIDC_CLIENT_SECRET": "secret", "OIDC_ALLOWED_DOMAINS": "School.edu.pl, uczen.school.edu.pl",
        "PUBLIC_URL": "https://exams.school.edu.pl", "OIDC_ALLOWED_TENANTS": "0B0C2F5A-1111-2222-3333-444455556666",
        "OIDC_BUTTON_LABEL": "Sign in with Microsoft",
    ]

    @Test func theSettingsAreReadAndCheckedTogether() throws {
        let configuration = try AppConfiguration(environment: Self.complete)
        let settings = configuration.schoolSignIn
        #expect(settings.isEnabled && settings.clientSecret == "secret" && settings.buttonLabel == "Sign in with Microsoft")
        #expect(settings.allowedDomains == ["school.edu.pl", "uczen.school.edu.pl"])
        #expect(settings.allowedTenants == ["0b0c2f5a-1111-2222-3333-444455556666"])
        #expect(!(try AppConfiguration(environment: [:]).schoolSignIn.isEnabled))
        #expect(
            try AppConfiguration(environment: [
                "OIDC_ISSUER": "http://127.0.0.1:9999", "OIDC_CLIENT_ID": "a",
                "OIDC_CLIENT_SECRET": "b", "OIDC_ALLOWED_DOMAINS": "school.example",
            ]).schoolSignIn.isEnabled)

        let failures: [([String: String?], String)] = [
            (["OIDC_ISSUER": "http://login.example.com"], "OIDC_ISSUER (--oidc-issuer) must be an https:// URL"),
            (["OIDC_ISSUER": "https://login.example.com?x=1"], "OIDC_ISSUER (--oidc-issuer) must be an https:// URL"),
            (["OIDC_CLIENT_ID": nil], "OIDC_ISSUER is set without OIDC_CLIENT_ID"),
            (["OIDC_CLIENT_SECRET": nil], "OIDC_ISSUER is set without OIDC_CLIENT_SECRET"),
            (["OIDC_ALLOWED_DOMAINS": nil], "OIDC_ISSUER is set without OIDC_ALLOWED_DOMAINS"),
            (["OIDC_ALLOWED_DOMAINS": "school"], "OIDC_ALLOWED_DOMAINS (--oidc-allowed-domains) must list domains"),
            (["PUBLIC_URL": nil], "OIDC_ISSUER is set without PUBLIC_URL"),
            (["OIDC_BUTTON_LABEL": String(repeating: "x", count: 61)], "OIDC_BUTTON_LABEL (--oidc-button-label) must be at most 60"),
        ]
        for (change, message) in failures {
            var environment = Self.complete
            for (name, value) in change { environment[name] = value }
            #expect {
                try AppConfiguration(environment: environment)
            } throws: { error in
                (error as? ConfigurationError)?.description.hasPrefix(message) == true
            }
        }
    }

    @Test func withoutAnIssuerThereIsNoButtonAndTheRoutesAre404() async throws {
        try await TestServer.run { server in
            var browser = TestBrowser(server)
            try await browser.get("/login").expect(.ok)
            #expect(!browser.page.contains("/auth/oidc/start"))
            for path in ["/auth/oidc/start", "/auth/oidc/callback?state=a&code=b"] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            try await browser.post("/auth/oidc/link", [("held", "x"), ("password", "y")]).expect(.notFound)
        }
    }

    @Test func everyParameterTakesTheFuzzInputsWithoutA500() async throws {
        // Every refused callback counts as a failure of this address: room for all of them.
        let roomy = { (configuration: inout AppConfiguration) in
            configuration.limits.schoolSignInFailuresPerAddress = RateLimit(maxAttempts: 100_000, windowSeconds: 900)
        }
        try await SchoolSignInSupport.run(configure: roomy) { server, _, provider in
            try await provider.signIn(subject: "fuzz", email: SchoolSignInSupport.schoolEmail())
            var browser = TestBrowser(server)
            for input in FuzzText.inputs + ["", String(repeating: "a", count: 5000), "/\u{0301}next", "//evil.example"] {
                let encoded = TestBrowser.encode([("v", input)]).dropFirst(2)
                let start = try await browser.get("/auth/oidc/start?next=\(encoded)")
                #expect(start.status == .found, "next=\(input): \(start.status)")
                // A `next` that is not a path of this site is dropped.
                for name in ["state", "code", "error"] {
                    let reply = try await browser.get("/auth/oidc/callback?\(name)=\(encoded)&state=\(encoded)")
                    #expect(reply.status == .badRequest, "\(name)=\(input): \(reply.status)")
                }
                try await browser.get("/login")
                let link = try await browser.post("/auth/oidc/link", [("held", input), ("password", input)])
                #expect(link.status == .gone, "held=\(input): \(link.status)")
                for name in [
                    AppSignIn.redirectURIItem, AppSignIn.codeChallengeItem, AppSignIn.codeChallengeMethodItem, AppSignIn.stateItem,
                ] {
                    let reply = try await browser.get("\(AppSignIn.startPath)?\(name)=\(encoded)")
                    #expect(reply.status == .badRequest, "\(name)=\(input): \(reply.status)")
                }
                // The continue page's token: signed out, to the sign-in page; never a 500.
                let continued = try await browser.get("/auth/app/continue/\(encoded)")
                #expect([.seeOther, .notFound].contains(continued.status), "continue \(input): \(continued.status)")
                let token = try await server.post(
                    APIPaths.appToken, json: AppTokenRequest(code: input, codeVerifier: input, redirectUri: input))
                #expect(token.status == .badRequest, "app token \(input): \(token.status)")
            }
            // The provider's `error` shows as short printable text, escaped.
            var other = TestBrowser(server)
            let start = try await other.get("/auth/oidc/start").expect(.found)
            let location = try #require(start.headers[.location])
            let state = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "state" }?.value)
            let error = TestBrowser.encode([("v", "<script>\"\u{0301}")]).dropFirst(2)
            try await other.get("/auth/oidc/callback?state=\(state)&error=\(error)").expect(.badRequest)
            #expect(other.page.contains("it said: &lt;script&gt;&quot;)"))
        }
    }

    @Test func failedCallbacksOfOneAddressAreLimited() async throws {
        let tight = { (configuration: inout AppConfiguration) in
            configuration.limits.schoolSignInFailuresPerAddress = RateLimit(maxAttempts: 2, windowSeconds: 900)
        }
        try await SchoolSignInSupport.run(configure: tight) { server, _, _ in
            var browser = TestBrowser(server)
            for _ in 0..<2 { try await browser.get("/auth/oidc/callback?state=a&code=b").expect(.badRequest) }
            let limited = try await browser.get("/auth/oidc/callback?state=a&code=b").expect(.tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil && browser.page.contains("failed sign-ins with a school account"))
            try await browser.get("/auth/oidc/start").expect(.tooManyRequests)
        }
    }
}
