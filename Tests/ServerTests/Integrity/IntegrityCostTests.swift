import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Issue 71: an exam's integrity rules cost a save nothing: the save reads its attempt with the
/// exam's rules (`AttemptIntegrity`) and checks Safe Exam Browser's hash there, instead of the
/// gate reading the exam's keys in a statement of its own. Counted from the server's own query
/// log (each statement is logged at debug level with the request's id).
@Suite("Integrity on the hot path", .hangGuard)
struct IntegrityCostTests {
    /// The SQL of every statement the server sent for the one request to `path` with `method`.
    static func statements(of method: String, _ path: String, in lines: [String]) throws -> [String] {
        let request = try #require(
            lines.last { $0.contains(" request ") && $0.contains("path=\(path) ") && $0.contains("method=\(method)") })
        let id = try #require(request.split(separator: " ").first { $0.hasPrefix("hb.request.id=") })
        return lines.filter { $0.contains("postgres query") && $0.split(separator: " ").contains(id) }
    }

    @Test func aSaveAndAFocusBatchSendNoStatementForTheRules() async throws {
        let lines = CapturingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        try await TestServer.run(
            configure: {
                $0.publicURL = URL(string: SafeExamBrowserTests.origin)
                $0.logLevel = .debug
            }, logger: logger
        ) { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let plain = try await server.publishedExam(courseID: courseID, token: faculty.token)
            let guarded = try await server.publishedExam(
                SafeExamBrowserTests.draft([SafeExamBrowserTests.keyA]), courseID: courseID, token: faculty.token)
            for exam in [plain, guarded] {
                let start = APIPaths.examAttempts(exam.id)
                let attempt = try await server.send(
                    .post, start, token: student.token, headers: SafeExamBrowserTests.seb(start, key: SafeExamBrowserTests.keyA)
                ).expect(.created).decode(StudentAttempt.self)
                let save = APIPaths.attemptAnswers(attempt.attemptId)
                let answers = SaveAnswersRequest(answers: [ExamFixtures.rightAnswers(attempt.questions)[0]])
                try await server.send(
                    .put, save, json: answers, token: student.token, headers: SafeExamBrowserTests.seb(save, key: SafeExamBrowserTests.keyA)
                ).expect(.ok)
                // BEGIN, the locks, the attempt with its exam's rules, the answers, COMMIT.
                let saved = try Self.statements(of: "PUT", save, in: lines.all)
                #expect(saved.count == 5, "\(saved.joined(separator: "\n"))")
                let focus = APIPaths.attemptFocus(attempt.attemptId)
                let periods = FocusLogTests.periods(1, from: attempt.startedAt)
                try await server.send(
                    .post, focus, json: periods, token: student.token,
                    headers: SafeExamBrowserTests.seb(focus, key: SafeExamBrowserTests.keyA)
                ).expect(.ok)
                let focused = try Self.statements(of: "POST", focus, in: lines.all)
                #expect(!focused.contains { $0.contains("seb_config_keys, ',') AS keys") || $0.contains("SELECT focus_log") })
            }
        }
    }
}
