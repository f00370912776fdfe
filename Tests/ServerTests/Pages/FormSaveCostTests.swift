import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Issue 65: the attempt page's form save (`POST /attempts/{attemptId}`, no JavaScript) is the
/// save's own transaction and nothing more: it no longer reads the attempt as shown (its
/// answers and flags) before saving, since the save loads the attempt and its questions
/// itself and makes the form's fields into the answer there; and `SafeExamBrowserGate` no
/// longer reads the exam's rules before it, since the save checks them on the attempt it loads,
/// as the API's save does. Counted from the server's own query log, as `IntegrityCostTests`
/// counts the API's save.
@Suite("The form save's statements", .hangGuard)
struct FormSaveCostTests {
    @Test func aFormSaveIsTheSavesFiveStatementsAndNothingMore() async throws {
        let lines = CapturingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        try await TestServer.run(configure: { $0.logLevel = .debug }, logger: logger) { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Algebra", token: faculty.token)
            let statement = QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 1, answer: .bool(true))
            let exam = try await server.publishedExam(
                ExamDraft(title: "Water", instructions: "", timeLimitMinutes: 60, questions: [statement, statement]),
                courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
            let started = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
            let attemptPath = try #require(started.headers[.location]?.split(separator: "?").first.map(String.init))
            try await browser.get(attemptPath).expect(.ok)
            let question = try #require(TestBrowser.value(of: "question", in: browser.page))
            let key = TestBrowser.value(of: "key", in: browser.page) ?? ""

            // An answer and Next: the save, BEGIN, the locks, the attempt (with its exam's
            // integrity rules), the answer, COMMIT. Before, `SafeExamBrowserGate` read the
            // exam's rules in a statement of its own first (6), and before that the page's own
            // read of the attempt came between them (11).
            try await browser.post(attemptPath, [("question", question), ("key", key), ("value", "true"), ("go", "next")])
                .expect(.seeOther)
            let saved = try IntegrityCostTests.statements(of: "POST", attemptPath, in: lines.all)
            #expect(saved.count == 5, "\(saved.joined(separator: "\n"))")
            #expect(saved.filter { $0.contains("INSERT INTO answers") }.count == 1)
            // Before, the page read the attempt as shown first, in a transaction of its own.
            #expect(!saved.contains { $0.contains("REPEATABLE READ") || $0.contains("FROM attempt_flags") })

            // Previous without an answer (a true-or-false question left as it was): BEGIN, the
            // locks, the attempt, COMMIT; no write.
            try await browser.post(attemptPath, [("question", question), ("go", "previous")]).expect(.seeOther)
            let moved = try IntegrityCostTests.statements(of: "POST", attemptPath, in: lines.all)
            #expect(moved.count == 4 && !moved.contains { $0.contains("INSERT INTO answers") }, "\(moved.joined(separator: "\n"))")
        }
    }
}
