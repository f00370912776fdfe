import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The exam rules that must hold when a student's requests arrive together: they are kept by
/// PostgreSQL (locks and constraints), not by timing.
@Suite("Attempts under concurrency", .hangGuard)
struct AttemptConcurrencyTests {
    @Test func maxAttemptsHoldsUnderTenConcurrentStarts() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(ExamFixtures.everyKind(maxAttempts: 2), courseID: course.id!, token: faculty.token)

            func tenStarts() async throws -> [(Int, Int?)] {
                try await withThrowingTaskGroup(of: (Int, Int?).self) { group in
                    for _ in 0..<10 {
                        group.addTask {
                            let reply = try await server.startAttempt(exam.id, token: student.token)
                            return (reply.status.code, try? reply.decode(StudentAttempt.self).attemptId)
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            for round in 1...2 {
                let replies = try await tenStarts()
                #expect(replies.filter { $0.0 == 201 }.count == 1, "round \(round): \(replies)")
                #expect(replies.filter { $0.0 == 200 }.count == 9, "round \(round): \(replies)")
                let ids = Set(replies.compactMap(\.1))
                #expect(ids.count == 1)
                try await server.post(APIPaths.submitAttempt(try #require(ids.first)), raw: "", token: student.token).expect(.ok)
            }
            let last = try await tenStarts()
            #expect(last.allSatisfy { $0.0 == 409 }, "\(last)")
            let summary = try await server.get(APIPaths.studentExams, token: student.token).decode([StudentExamSummary].self)
            #expect(summary.first?.attemptsUsed == 2)
        }
    }

    @Test func concurrentSubmitsGradeOnce() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            let final = SaveAnswersRequest(answers: ExamFixtures.rightAnswers(attempt.questions))
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await server.post(APIPaths.submitAttempt(attempt.attemptId), json: final, token: student.token).status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 200 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == 9, "\(statuses)")
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.result?.score == 7 && read.result?.results?.count == 4)
        }
    }
}
