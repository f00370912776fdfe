import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Which language a page is drawn in: the person's own setting, then the `lang` cookie of the
/// language buttons, then `Accept-Language`, then `DEFAULT_LANGUAGE`; `<html lang>` says it.
@Suite("The language of a page", .hangGuard)
struct LanguageChoiceTests {
    static func htmlLang(_ page: String) -> String? {
        page.firstMatch(of: /<html lang="([^"]*)">/).map { String($0.output.1) }
    }

    @Test("signed out: Accept-Language with its q-values, then the buttons' cookie, the default for anything else")
    func signedOut() async throws {
        try await TestServer.run { server in
            var browser = TestBrowser(server)
            try await browser.get("/login").expect(.ok)
            #expect(Self.htmlLang(browser.page) == "en")
            #expect(browser.page.contains("Skip to main content"))
            // The buttons, each named in its own language, the page's own marked.
            #expect(browser.page.contains(#"value="pl" lang="pl" class="link-button">Polski</button>"#))
            #expect(browser.page.contains(#"value="en" lang="en" class="link-button" aria-current="true">English</button>"#))
            try await browser.get("/login", headers: [.acceptLanguage: "de;q=1, pl;q=0.8, en;q=0.5"]).expect(.ok)
            #expect(Self.htmlLang(browser.page) == "pl")
            #expect(browser.page.contains("Przejdź do treści") && browser.page.contains(#"lang="pl""#))
            for header in ["", "pl;q=abc", "*;q=0", String(repeating: "x,", count: 1000), "ą\u{301}\"'"] {
                try await browser.get("/login", headers: [.acceptLanguage: header]).expect(.ok)
                #expect(Self.htmlLang(browser.page) == "en", "Accept-Language \(header.prefix(20))")
            }

            // The Polski button: the cookie, then back to the page it was pressed on.
            try await browser.get("/register").expect(.ok)
            let chosen = try await browser.post("/language", [("language", "pl"), ("back", "/register")]).expect(.seeOther)
            #expect(chosen.headers[.location] == "/register")
            let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("lang=pl") })
            #expect(cookie.contains("Path=/") && cookie.contains("SameSite=Lax"))
            try await browser.get("/login", headers: [.acceptLanguage: "en"]).expect(.ok)
            #expect(Self.htmlLang(browser.page) == "pl")

            // A cookie written by hand, an unknown language, a way back to another site.
            browser.cookies["lang"] = "de\"; x"
            try await browser.get("/login").expect(.ok)
            #expect(Self.htmlLang(browser.page) == "en")
            for language in ["de", "", "PL", "pl\u{301}", "\"'", String(repeating: "p", count: 5000)] {
                try await browser.post("/language", [("language", language), ("back", "/login")]).expect(.badRequest)
            }
            for back in ["//evil.example/", "https://evil.example", "/\\evil", "javascript:alert(1)"] {
                let reply = try await browser.post("/language", [("language", "en"), ("back", back)]).expect(.seeOther)
                #expect(reply.headers[.location] == "/")
            }
        }
    }

    @Test("the person's own setting comes before the cookie and Accept-Language, through the API and the buttons")
    func personSetting() async throws {
        try await TestServer.run(configure: { $0.defaultLanguage = .pl }) { server in
            var browser = TestBrowser(server)
            try await browser.get("/login").expect(.ok)
            #expect(Self.htmlLang(browser.page) == "pl", "DEFAULT_LANGUAGE when nothing else says")

            let email = uniqueEmail("lang")
            try await server.register(email, role: .student).expect(.created)
            let app = try await server.login(email)
            #expect(try await server.get(APIPaths.me, token: app.token).expect(.ok).decode(UserProfile.self).language == nil)
            let set = try await server.send(
                .put, APIPaths.meLanguage, token: app.token, body: ByteBuffer(string: #"{"language":"en"}"#)
            ).expect(.ok).decode(UserProfile.self)
            #expect(set.language == .en)
            for body in [
                #"{"language":"de"}"#, #"{"language":""}"#, #"{"language":"EN"}"#, #"{"language":1}"#, #"{"language":"ą\u0301"}"#, "[]",
                "{}",
            ] {
                let refused = try await server.send(.put, APIPaths.meLanguage, token: app.token, body: ByteBuffer(string: body))
                    .expect(.badRequest)
                #expect(body.contains("de") == false || refused.text.contains("en, pl"))
            }

            try await browser.post("/login", [("email", email), ("password", "correct horse battery")]).expect(.seeOther)
            browser.cookies["lang"] = "pl"
            try await browser.get("/courses", headers: [.acceptLanguage: "pl"]).expect(.ok)
            #expect(Self.htmlLang(browser.page) == "en", "the setting before the cookie and the header")

            // The buttons change a signed-in person's own setting too.
            try await browser.post("/language", [("language", "pl"), ("back", "/courses")]).expect(.seeOther)
            #expect(try await server.get(APIPaths.me, token: app.token).expect(.ok).decode(UserProfile.self).language == .pl)
            try await browser.get("/courses").expect(.ok)
            #expect(Self.htmlLang(browser.page) == "pl" && browser.page.contains("Moje kursy"))

            // null: no setting, the browser chooses again.
            try await server.send(.put, APIPaths.meLanguage, token: app.token, body: ByteBuffer(string: #"{"language":null}"#))
                .expect(.ok)
            browser.cookies["lang"] = "en"
            try await browser.get("/courses").expect(.ok)
            #expect(Self.htmlLang(browser.page) == "en")
        }
    }
}
