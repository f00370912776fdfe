import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 65: the attempt page's form save (`POST /attempts/{attemptId}`, no JavaScript) checks
/// the exam's integrity rules on the attempt its save loads, as the API's save does, not in
/// `SafeExamBrowserGate` (which no longer reads them for it): without Safe Exam Browser an
/// exam that needs it refuses the form (403, the page that says so), and a one-place attempt
/// refuses a form from another place (409); either saves nothing.
@Suite("The form save's integrity checks", .hangGuard)
struct FormSaveIntegrityTests {
    /// The answers saved so far, as the attempt's JSON shows them (none cleared).
    static func saved(_ browser: inout TestBrowser, _ attemptPath: String, headers: HTTPFields = [:]) async throws -> [AnswerInput] {
        var headers = headers
        headers[.accept] = "application/json"
        let attempt = try await browser.get(attemptPath, headers: headers).expect(.ok).decode(StudentAttempt.self)
        return attempt.answers.filter { !$0.isEmpty }
    }

    @Test func withoutSafeExamBrowserTheFormIsRefusedAndSavesNothing() async throws {
        try await SafeExamBrowserTests.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Locked form", token: faculty.token)
            let key = SafeExamBrowserTests.keyA
            let exam = try await server.publishedExam(
                DescriptionPageTests.exam(ExamPolicy(safeExamBrowser: SafeExamBrowserPolicy(configKeys: [key]))),
                courseID: try #require(course.id), token: faculty.token)
            var browser = try await DescriptionPageTests.student(server, course: course, examID: exam.id)
            let start = "/exams/\(exam.id)/attempts"
            let started = try await browser.post(start, [], headers: SafeExamBrowserTests.seb(start, key: key)).expect(.seeOther)
            let attemptPath = try #require(started.headers[.location]?.split(separator: "?").first.map(String.init))
            // The true-or-false question (the first is a description).
            let questionPage = attemptPath + "?q=2"
            try await browser.get(questionPage, headers: SafeExamBrowserTests.seb(questionPage, key: key)).expect(.ok)
            let question = try #require(TestBrowser.value(of: "question", in: browser.page))
            let csrf = try #require(browser.csrfToken)
            let fields = [("question", question), ("value", "true"), ("go", "next")]

            // No header, and another exam's key: the page that says to open it in Safe Exam Browser.
            for headers in [[:], SafeExamBrowserTests.seb(attemptPath, key: SafeExamBrowserTests.keyB)] {
                try await browser.post(attemptPath, fields, csrf: csrf, headers: headers).expect(.forbidden)
                #expect(browser.page.contains("Open the exam from Safe Exam Browser"))
            }
            let read = SafeExamBrowserTests.seb(attemptPath, key: key)
            #expect(try await Self.saved(&browser, attemptPath, headers: read).isEmpty, "a refused form saves nothing")
            // A script asking for JSON gets the API's envelope, as the gate gave it.
            var json = SafeExamBrowserTests.seb(attemptPath, key: SafeExamBrowserTests.keyB)
            json[.accept] = "application/json"
            let refused = try await browser.post(attemptPath, fields, csrf: csrf, headers: json).expect(.forbidden)
            #expect(refused.text.contains("\"forbidden\"") && refused.text.contains("Safe Exam Browser"))

            // From Safe Exam Browser, the same form saves.
            try await browser.post(attemptPath, fields, csrf: csrf, headers: SafeExamBrowserTests.seb(attemptPath, key: key))
                .expect(.seeOther)
            let answers = try await Self.saved(&browser, attemptPath, headers: read)
            #expect(answers.count == 1 && answers.first?.value == true)
        }
    }

    @Test func anotherPlacesFormIsRefusedAndSavesNothing() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("One place form", token: faculty.token)
            let exam = try await server.publishedExam(
                DescriptionPageTests.exam(ExamPolicy(oneSession: true)), courseID: try #require(course.id), token: faculty.token)
            var browser = try await DescriptionPageTests.student(server, course: course, examID: exam.id)
            let started = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            let place = try #require(started.split(separator: "=").last.map(String.init))
            try await browser.get(started + "&q=2").expect(.ok)
            let question = try #require(TestBrowser.value(of: "question", in: browser.page))
            let csrf = try #require(browser.csrfToken)
            let attemptPath = String(started.prefix { $0 != "?" })
            let fields = [("question", question), ("value", "true"), ("go", "next")]

            // Without the place, and with another (well-formed) one: 409, said plainly; nothing saved.
            let other = String(repeating: "A", count: place.count)
            for path in [attemptPath, "\(attemptPath)?place=\(other)"] {
                try await browser.post(path, fields, csrf: csrf).expect(.conflict)
                #expect(browser.page.contains("This attempt was moved to another tab or app"))
            }
            #expect(try await Self.saved(&browser, attemptPath).isEmpty, "another place's form saves nothing")
            // The page's script (JSON) gets the reason it acts on, as the gate gave it.
            let refused = try await browser.post(attemptPath, fields, csrf: csrf, headers: [.accept: "application/json"])
                .expect(.conflict)
            #expect(refused.text.contains("moved_away"))

            // From its place, the same form saves.
            try await browser.post("\(attemptPath)?place=\(place)", fields, csrf: csrf).expect(.seeOther)
            let answers = try await Self.saved(&browser, attemptPath)
            #expect(answers.count == 1 && answers.first?.value == true)
        }
    }
}
