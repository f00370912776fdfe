import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Issue "Robustness, round four", item 3: one import of 1,000 questions in 10-level topics
/// made each load of the bank page cost 42 s of CPU (the tree compared every topic with every
/// other), and three loads at once stalled the server. The page must answer with the right
/// topics, drawn a window at a time, with links to the rest (what is measured, not a time
/// bound, is in benchmarks/bank-page).
@Suite("Teach pages: a large question bank", .hangGuard)
struct TeachBankLargePageTests {
    /// Question `index`'s topic: ten levels, every question in a topic of its own below
    /// "Physics" (1 + 10 + 100 + 7,000 topics for 1,000 questions).
    static func topic(_ index: Int) -> String {
        "Physics/u\(index / 100)/v\(String(format: "%02d", index / 10))/w\(String(format: "%03d", index))/x/y/z/p/q/r"
    }

    static let gift = (0..<1_000).map { "$CATEGORY: \(topic($0))\n\n::Q\($0):: Question number \($0) {T}\n" }
        .joined(separator: "\n")

    @Test("a bank of 1,000 questions in 10-level topics: the page answers, a window of topics at a time")
    func tenLevelsDeep() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let bank = try await TeachCoursePagesTests.createCourse(&browser, name: "Deep bank") + "/questions"
            let courseID = try #require(
                try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first?.id)
            let report = try await server.send(
                .post, APIPaths.importQuestions(courseID), token: faculty.token,
                headers: [.contentType: "text/plain; charset=utf-8"], body: ByteBuffer(string: Self.gift)
            ).expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 1_000 && report.skippedCount == 0)

            // The first window: the 200 first topics depth first, the first 100 questions.
            try await browser.get(bank).expect(.ok)
            #expect(browser.page.contains("Topics 1–200 of 7111."), "\(browser.page.prefix(3_000))")
            #expect(Self.count("<li><a href=\"\(bank)?topic=", in: browser.page) == 200)
            #expect(browser.page.contains(">Physics</a> (0)<ul><li><a href=\"\(bank)?topic=Physics%2Fu0\">u0</a> (0)"))
            #expect(browser.page.contains(">r</a> (1)</li>") && !browser.page.contains(">w030</a>"))
            #expect(browser.page.contains("href=\"\(bank)?topicsFrom=200\">More topics</a>"))
            #expect(!browser.page.contains("Earlier topics"))
            #expect(Self.count("<tr><th scope=\"row\">", in: browser.page) == TeachBankPageController.pageSize)
            #expect(browser.page.contains("Next questions"))

            // The next window hangs under the topics above its first.
            try await browser.get(bank + "?topicsFrom=200").expect(.ok)
            #expect(browser.page.contains("Topics 201–400 of 7111."))
            #expect(browser.page.contains(">Physics</a> (0)<ul><li><a href=\"\(bank)?topic=Physics%2Fu0\">u0</a> (0)<ul><li>"))
            #expect(browser.page.contains("href=\"\(bank)?topicsFrom=0\">Earlier topics</a>"))
            #expect(browser.page.contains("href=\"\(bank)?topicsFrom=400\">More topics</a>"))

            // The last topic of all, chosen: its window begins with it, its question listed.
            let deepest = Self.topic(999)
            let encoded = deepest.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            try await browser.get(bank + "?topic=" + encoded).expect(.ok)
            #expect(browser.page.contains("Topics 7111–7111 of 7111."))
            #expect(browser.page.contains("href=\"\(bank)?topic=\(encoded)\" aria-current=\"page\">r</a> (1)"))
            #expect(browser.page.contains(">w999</a> (0)") && browser.page.contains("Q999: Question number 999"))
            #expect(Self.count("<tr><th scope=\"row\">", in: browser.page) == 1)

            // A topic high up takes every question below it, a page of them at a time.
            try await browser.get(bank + "?topic=Physics%2Fu3").expect(.ok)
            #expect(browser.page.contains("aria-current=\"page\">u3</a> (0)"))
            #expect(browser.page.contains("Q300: ") && !browser.page.contains("Q299: ") && !browser.page.contains("Q400: "))
            #expect(Self.count("<tr><th scope=\"row\">", in: browser.page) == 100 && !browser.page.contains("Next questions"))
        }
    }

    static func count(_ needle: String, in page: String) -> Int {
        page.components(separatedBy: needle).count - 1
    }
}
