import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Issue 71: the periods a student left the attempt page, reported through
/// `POST …/attempts/{attemptId}/focus`, are kept bounded (100 looked at a request, 500 kept an
/// attempt); a flood, another's attempt, a submitted one and malformed periods get a 4xx or are
/// ignored, never a 5xx.
@Suite("Focus log", .hangGuard)
struct FocusLogTests {
    /// `count` periods of a second each, starting `offset` seconds after `start`.
    static func periods(_ count: Int, from start: Date, offset: TimeInterval = 1) -> FocusPeriodsRequest {
        FocusPeriodsRequest(
            periods: (0..<count).map { index in
                let left = start.addingTimeInterval(offset + Double(index % 60))
                return FocusPeriod(leftAt: left, backAt: left.addingTimeInterval(1))
            })
    }

    static func post(_ server: TestServer, _ attemptID: Int, _ body: FocusPeriodsRequest, token: String) async throws -> TestReply {
        try await server.post(APIPaths.attemptFocus(attemptID), json: body, token: token)
    }

    @Test func periodsAreKeptUpToTheBoundAndAFloodIsIgnored() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: faculty.token)
            #expect(exam.policy.focusLog && !exam.policy.oneSession)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let two = try await Self.post(server, attempt.attemptId, Self.periods(2, from: attempt.startedAt), token: student.token)
                .expect(.ok).decode(FocusPeriodsResponse.self)
            #expect(two == FocusPeriodsResponse(stored: 2, ignored: 0))
            // A script sending 10,000 events at once: 100 looked at, the rest counted.
            let flood = try await Self.post(server, attempt.attemptId, Self.periods(10_000, from: attempt.startedAt), token: student.token)
                .expect(.ok).decode(FocusPeriodsResponse.self)
            #expect(flood == FocusPeriodsResponse(stored: 100, ignored: 9_900))
            var stored = 102
            for _ in 0..<6 {
                let reply = try await Self.post(server, attempt.attemptId, Self.periods(100, from: attempt.startedAt), token: student.token)
                    .expect(.ok).decode(FocusPeriodsResponse.self)
                stored += reply.stored
            }
            #expect(stored == IntegrityRepository.maxFocusPeriods)
            let reader = FocusLogReader(pool: pool)
            let logger = Logger(label: "test")
            let kept = try await reader.periods(ofAttempt: attempt.attemptId, logger: logger)
            #expect(kept.periods.count == IntegrityRepository.maxFocusPeriods)
            #expect(kept.dropped == 102 + 600 - IntegrityRepository.maxFocusPeriods)
            let counts = try await reader.counts(ofAttempts: [attempt.attemptId], logger: logger)
            #expect(counts[attempt.attemptId] == 702)
        }
    }

    @Test func malformedPeriodsAreIgnoredAndOthersAttemptsRefused() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let other = try await server.signUp(uniqueEmail("other"), role: .student)
            try await server.enroll(course, token: other.token)
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let start = attempt.startedAt
            let malformed = FocusPeriodsRequest(periods: [
                FocusPeriod(leftAt: start.addingTimeInterval(20), backAt: start.addingTimeInterval(10)),  // back before it left
                FocusPeriod(leftAt: start.addingTimeInterval(-3_600), backAt: start.addingTimeInterval(5)),  // before the attempt
                FocusPeriod(leftAt: start.addingTimeInterval(10), backAt: Date().addingTimeInterval(86_400)),  // in the future
            ])
            let reply = try await Self.post(server, attempt.attemptId, malformed, token: student.token)
                .expect(.ok).decode(FocusPeriodsResponse.self)
            #expect(reply == FocusPeriodsResponse(stored: 0, ignored: 3))
            // Not JSON of periods, or dates before 1970: 400; another student's attempt: 404; a teacher: 403.
            let negative = "{\"periods\": [{\"leftAt\": \"1938-04-24T22:13:20Z\", \"backAt\": \"1938-04-24T22:13:21Z\"}]}"
            for raw in [negative, "{", "{\"periods\": [{\"leftAt\": \"yesterday\"}]}", "{\"periods\": 5}", "\"\u{0301}\\\"\""] {
                try await server.post(APIPaths.attemptFocus(attempt.attemptId), raw: raw, token: student.token).expect(.badRequest)
            }
            try await Self.post(server, attempt.attemptId, Self.periods(1, from: start), token: other.token).expect(.notFound)
            try await Self.post(server, attempt.attemptId, Self.periods(1, from: start), token: faculty.token).expect(.forbidden)
            try await Self.post(server, 999_999_999, Self.periods(1, from: start), token: student.token).expect(.notFound)
            // A submitted attempt takes no more.
            try await server.send(.post, APIPaths.submitAttempt(attempt.attemptId), token: student.token).expect(.ok)
            try await Self.post(server, attempt.attemptId, Self.periods(1, from: start), token: student.token).expect(.conflict)
        }
    }

    @Test func anExamWithoutTheFocusLogKeepsNone() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            var draft = ExamFixtures.everyKind()
            draft.policy = ExamPolicy(focusLog: false)
            let exam = try await server.publishedExam(draft, courseID: try #require(course.id), token: faculty.token)
            #expect(!exam.policy.focusLog)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let reply = try await Self.post(server, attempt.attemptId, Self.periods(3, from: attempt.startedAt), token: student.token)
                .expect(.ok).decode(FocusPeriodsResponse.self)
            #expect(reply == FocusPeriodsResponse(stored: 0, ignored: 3))
        }
    }
}
