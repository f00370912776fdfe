import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// `PUT`/`DELETE /api/students/attempts/{attemptId}/flags/{questionId}` and `GET …/summary`.
@Suite("Attempt flags and summary", .hangGuard)
struct AttemptFlagTests {
    @Test("flags are the student's own, kept in order, counted for faculty, logged, and frozen at submission")
    func flags() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let ids = attempt.questions.map(\.id)
            let flag = { (id: Int) in APIPaths.attemptFlag(attempt.attemptId, id) }

            var reply = try await server.send(.put, flag(ids[2]), token: student.token).expect(.ok).decode(AttemptFlags.self)
            #expect(reply.flagged == [ids[2]])
            reply = try await server.send(.put, flag(ids[0]), token: student.token).expect(.ok).decode(AttemptFlags.self)
            reply = try await server.send(.put, flag(ids[0]), token: student.token).expect(.ok).decode(AttemptFlags.self)
            #expect(reply.flagged == [ids[0], ids[2]], "in the attempt's order, once each")
            reply = try await server.send(.delete, flag(ids[2]), token: student.token).expect(.ok).decode(AttemptFlags.self)
            #expect(reply.flagged == [ids[0]])
            try await server.send(.put, APIPaths.attemptFlag(attempt.attemptId, 999_999), token: student.token).expect(.notFound)

            let saveBody = try ExamPrepJSON.makeEncoder().encode(
                SaveAnswersRequest(answers: [ExamFixtures.rightAnswers(attempt.questions)[1]]))
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), token: student.token, body: .init(bytes: Array(saveBody))
            )
            .expect(.ok)
            let summary = try await server.get(APIPaths.attemptSummary(attempt.attemptId), token: student.token).expect(.ok)
                .decode(AttemptSummary.self)
            #expect(summary.questions.map(\.number) == Array(1...ids.count))
            #expect(summary.questions.map(\.answered) == [false, true, false, false])
            #expect(summary.unanswered == ids.count - 1 && summary.flagged == 1 && !summary.submitted)

            // Another student reaches none of it.
            let other = try await server.signUp(uniqueEmail("other"), role: .student)
            try await server.enroll(course, token: other.token)
            try await server.send(.put, flag(ids[1]), token: other.token).expect(.notFound)
            try await server.get(APIPaths.attemptSummary(attempt.attemptId), token: other.token).expect(.notFound)

            // Faculty see the count and the log.
            let list = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: faculty.token).decode(
                [FacultyAttemptSummary].self)
            #expect(list.first?.flagged == 1)
            let events = try await server.get(APIPaths.attemptEvents(attempt.attemptId), token: faculty.token).decode([AttemptEvent].self)
            #expect(events.filter { $0.kind == .flagged }.count == 2 && events.filter { $0.kind == .unflagged }.count == 1)

            try await server.send(.post, APIPaths.submitAttempt(attempt.attemptId), token: student.token).expect(.ok)
            try await server.send(.put, flag(ids[1]), token: student.token).expect(.conflict)
            let after = try await server.get(APIPaths.attemptSummary(attempt.attemptId), token: student.token).decode(AttemptSummary.self)
            #expect(after.submitted && after.flagged == 1)
        }
    }
}
