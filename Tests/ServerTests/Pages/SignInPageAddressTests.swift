import ExamPrepRules
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The sign-in page after a welcome or reset link (issue 67, item 5): the set-password page
/// sends the browser to `/login?done=…&email=…`, and the form's address is filled in from it,
/// when it is an address (as registration would take it), escaped, and never anything else.
@Suite("Sign-in page address", .hangGuard)
struct SignInPageAddressTests {
    /// The value of the sign-in form's email field, unescaped ("" when it has none).
    static func emailField(_ page: String) -> String? {
        guard let input = page.range(of: "<input id=\"email\""),
            let end = page[input.upperBound...].range(of: ">"),
            let value = page[input.upperBound..<end.lowerBound].range(of: " value=\"")
        else { return nil }
        let raw = page[value.upperBound..<end.lowerBound].prefix { $0 != "\"" }
        // By bytes: an entity followed by a combining mark is one Character with it.
        var bytes = Array(raw.utf8)
        for (entity, text) in [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            bytes = replacing(Array(entity.utf8), with: Array(text.utf8), in: bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func replacing(_ target: [UInt8], with replacement: [UInt8], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: target) {
                result += replacement
                index += target.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    @Test("after a reset or a welcome link the address is filled in, as sent, escaped")
    func theAddressIsFilledIn() async throws {
        try await TestServer.run { server in
            let addresses = [
                ("reset", "ann+tag@example.org", "Your new password is set."),
                ("invited", "Z\u{301}ofia.O'Brien@szkoła.example.pl", "Your account is ready."),
            ]
            for (done, address, notice) in addresses {
                var browser = TestBrowser(server)
                try await browser.get("/login?done=\(done)&email=\(Self.encoded(address))").expect(.ok)
                #expect(Self.emailField(browser.page) == address, "\(browser.page)")
                #expect(browser.page.contains(notice))
                #expect(!browser.page.contains("O'Brien"), "the quote is escaped")
                #expect(!browser.page.contains("name=\"password\" value"), "never a password")
            }
        }
    }

    @Test("anything that is not an address fills nothing in; fuzzed text never breaks out of the field")
    func notAnAddressFillsNothing() async throws {
        try await TestServer.run { server in
            let odd = [
                "\"><script>alert(1)</script>@example.org", "not an address", "a@b@example.org",
                String(repeating: "a", count: 300) + "@x.org", "",
            ]
            let fuzzed = FuzzText.inputs.map { "a\($0)b@example.org" }
            for text in odd + fuzzed {
                var browser = TestBrowser(server)
                try await browser.get("/login?done=reset&email=\(Self.encoded(text))").expect(.ok)
                let expected = (try? EmailAddress(validating: text))?.display ?? ""
                #expect(Self.emailField(browser.page) == expected, "\(text)")
                #expect(!browser.page.contains("<script>alert"), "\(text)")
            }
            #expect(FuzzText.inputs.contains { (try? EmailAddress(validating: "a\($0)b@example.org")) != nil }, "some are filled in")
        }
    }
}
