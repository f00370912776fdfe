import ExamPrepShared
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 35, item 7: extensions that added up past a week were a 500 (the code allowed 14,400
/// minutes, the database's CHECK 10,080).
@Suite("Abuse: exam-day edges", .timeLimit(.minutes(2)))
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
}
