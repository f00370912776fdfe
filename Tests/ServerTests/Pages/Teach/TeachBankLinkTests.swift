import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The bank page's links carry a tag, a topic or a search percent-encoded as RFC 3986 asks
/// (`.uriUnreserved`): a Polish tag, a combining mark or a quote goes out as its UTF-8 bytes,
/// and the link opens the tag's questions.
@Suite("Teach pages: the bank's links", .hangGuard)
struct TeachBankLinkTests {
    @Test("a tag with Polish letters, a combining mark or a quote is a percent-encoded link that opens its questions")
    func tagLinks() async throws {
        try await TestServer.run { server in
            var (browser, _) = try await TeachCoursePagesTests.teacher(server)
            let bank = try await TeachCoursePagesTests.createCourse(&browser, name: "Links") + "/questions"
            let tags = [
                ("Żółć", "%C5%BB%C3%B3%C5%82%C4%87"), ("e\(FuzzText.combining)", "e%CC%81"), ("a\"b c", "a%22b%20c"),
            ]
            let gift = tags.enumerated().map { index, tag in "// [tag:\(tag.0)]\n::Q\(index):: Question \(index)? {T}" }
                .joined(separator: "\n\n")
            let imported = try await browser.upload(bank + "/import", [("text", gift), ("format", "gift"), ("step", "import")])
                .expect(.seeOther)
            try await browser.follow(imported).expect(.ok)
            let page = browser.page
            for (index, (tag, encoded)) in tags.enumerated() {
                #expect(page.contains("questions?tag=\(encoded)\""), "the link of \(tag)")
                try await browser.get(bank + "?tag=\(encoded)").expect(.ok)
                #expect(browser.page.contains("Q\(index): "), "the questions of \(tag)")
                #expect(!browser.page.contains("Q\((index + 1) % tags.count): "), "only the questions of \(tag)")
            }
            #expect(!page.contains("?tag=Żółć"))
        }
    }
}
