import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Every field of every form the pages draw gets the API's fuzz inputs (quotes with combining
/// marks, a 10 kB string, control characters, numbers out of range), the CSRF token included:
/// a page or a redirect, never a 500, and what was saved before is still there. The sign-in,
/// registration, enrollment and the attempt's text fields are in `AttemptPageTests.fuzzedForms`;
/// these are the others.
@Suite("Pages: every form field fuzzed", .hangGuard)
struct PageFormFuzzTests {
    /// The API's fuzz inputs, folded for forms (each request is a page load or a form post, and
    /// the full suite runs every test at once on two cores): every breaker with a combining mark
    /// in one string, a few of them alone, a 10 kB string, control characters, NUL, broken
    /// percent escapes, numbers out of range.
    static let inputs: [String] =
        [FuzzText.breakers.map { $0 + FuzzText.combining }.joined(), FuzzText.combining + "\"", "a'\(FuzzText.combining)b"]
        + FuzzText.inputs.suffix(2) + [
            String(repeating: "x\u{0301}", count: 5_000), "a\u{0}b", "\u{1}\u{7}\u{1B}[31m", "\r\n\t", "%zz", "9223372036854775808", "-1",
            "q99999999999999999999",
        ]

    static func expectNoServerError(_ reply: TestReply, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status.code >= 300 && reply.status.code < 500, "\(what): \(reply.status)", sourceLocation: sourceLocation)
    }

    @Test("the attempt's, practice's and account's forms: a 4xx page or a redirect for every input, nothing lost")
    func everyOtherFieldIsFuzzed() async throws {
        try await TestServer.run { server in
            let classroom = try await PracticePageTests.classroom(server)
            var browser = classroom.browser
            let courseID = classroom.courseID
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Fuzz", token: faculty.token)
            let exam = try await server.publishedExam(AttemptPageTests.exam(), courseID: try #require(course.id), token: faculty.token)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attemptPath = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            // A saved answer that no fuzzed form may take away.
            try await browser.get(attemptPath + "?q=1")
            let first = try #require(TestBrowser.value(of: "question", in: browser.page))
            let four = try #require(AttemptPageTests.choice("4", in: browser.page))
            try await browser.post(attemptPath, [("question", first), ("choice", four), ("go", "stay")]).expect(.seeOther)

            try await browser.get("/practice")
            let practice = try #require(
                try await browser.post("/practice", [("courseId", String(courseID)), ("mode", "all")]).headers[.location])
            let practicePath = String(practice.prefix { $0 != "?" })
            try await browser.get(practice)
            let practiceQuestion = try #require(TestBrowser.value(of: "question", in: browser.page))
            var password = "correct horse battery"

            for input in Self.inputs {
                // The attempt: the multiple choice's `answered`, true/false's `value`, and where to go.
                for (number, fields) in [
                    (2, [("answered", input), ("go", "stay")]), (3, [("value", input), ("go", "stay")]), (4, [("go", input)]),
                    (1, [("choice", four), ("go", "stay"), ("csrf", input)]),
                ] {
                    try await browser.get("\(attemptPath)?q=\(number)")
                    let question = try #require(TestBrowser.value(of: "question", in: browser.page))
                    let csrf = fields.first { $0.0 == "csrf" }?.1
                    let reply = try await browser.post(attemptPath, [("question", question)] + fields.filter { $0.0 != "csrf" }, csrf: csrf)
                    Self.expectNoServerError(reply, "attempt \(fields.map(\.0)) \(input.debugDescription)")
                }
                let summary = try await browser.post(attemptPath + "/submit", [], csrf: input)
                #expect(summary.status == .forbidden, "submit with a fuzzed token: \(summary.status)")

                // Practice: starting one, and every field of an answer.
                try await browser.get("/practice")
                for fields in [[("courseId", input), ("mode", "all")], [("courseId", String(courseID)), ("mode", input)]] {
                    Self.expectNoServerError(try await browser.post("/practice", fields), "practice \(fields) \(input.debugDescription)")
                }
                try await browser.get(practice)
                for fields in [
                    [("question", input)], [("question", practiceQuestion), ("choice", input)],
                    [("question", practiceQuestion), ("value", input)], [("question", practiceQuestion), ("text", input)],
                    [("question", practiceQuestion), ("number", input)], [("question", practiceQuestion), ("answered", input)],
                ] {
                    let reply = try await browser.post(practicePath, fields)
                    Self.expectNoServerError(reply, "practice answer \(fields.map(\.0)) \(input.debugDescription)")
                }

                // The account: both password fields, and a session's id in the path.
                try await browser.get("/account")
                let wrongCurrent = try await browser.post(
                    "/account/password", [("currentPassword", input), ("newPassword", "new one, long")])
                #expect(wrongCurrent.status == .badRequest || wrongCurrent.status == .tooManyRequests, "\(wrongCurrent.status)")
                let changed = try await browser.post("/account/password", [("currentPassword", password), ("newPassword", input)])
                Self.expectNoServerError(changed, "newPassword \(input.debugDescription)")
                if changed.status == .seeOther { password = input }
                let path = "/account/sessions/\(input.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x")/end"
                Self.expectNoServerError(try await browser.post(path, []), "end session \(input.debugDescription)")
            }

            // Still signed in, the saved answer still there.
            try await browser.get(attemptPath + "?q=1").expect(.ok)
            #expect(browser.page.contains("value=\"\(four)\" checked>"))
        }
    }
}
