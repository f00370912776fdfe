import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 35, items 7 and 11: extensions that added up past a week were a 500 (the code allowed
/// 14,400 minutes, the database's CHECK 10,080), and the default review right after submitting
/// showed per-question correctness, which made throwaway accounts an oracle of the right answers
/// while others sat the exam.
@Suite("Abuse: exam-day edges", .hangGuard)
struct ExamDayEdgeTests {
    @Test func extensionsPastAWeekInAllAre409NotA500() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: 30), courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            let path = APIPaths.extendAttempt(attempt.attemptId)
            for _ in 1...7 {
                try await server.post(path, json: ExtendAttemptRequest(minutes: 1440), token: faculty.token).expect(.ok)
            }
            let past = try await server.post(path, json: ExtendAttemptRequest(minutes: 1), token: faculty.token)
            #expect(past.status == .conflict, "\(past.text)")
            #expect(past.error?.message.contains("10080") == true, "\(past.text)")
            let listed = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: faculty.token)
                .decode([FacultyAttemptSummary].self)
            #expect(listed.map(\.extendedMinutes) == [10_080])
        }
    }

    @Test func byDefaultASubmittedAttemptShowsTheScoreOnly() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            var draft = ExamFixtures.everyKind()
            draft.policy = nil
            let exam = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)
            #expect(exam.policy.review.afterSubmit == [.score] && exam.policy.review.afterClose == ReviewItem.allCases)
            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            let result = try await server.post(
                APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: ExamFixtures.wrongAnswers(attempt.questions)),
                token: student.token
            ).expect(.ok).decode(AttemptResult.self)
            #expect(result.score == 0 && result.maxScore == 7)
            #expect(result.results == nil, "no per-question correctness while the exam is open")
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.result?.results == nil && read.result?.score == 0)
        }
    }
}
