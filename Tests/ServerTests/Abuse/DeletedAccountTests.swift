import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Submitting the only allowed attempt, deleting the account, registering the same address
/// again and enrolling gave the attempt back, and with per-question results that is an
/// answer oracle. Attempts outlive the account, counted by its address.
@Suite("Abuse: a deleted account's attempts", .hangGuard)
struct DeletedAccountTests {
    @Test func deletingTheAccountDoesNotGiveAUsedAttemptBack() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            let course = try await server.createCourse("Oracle", token: faculty.token)
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let email = uniqueEmail("student")
            let first = try await server.signUp(email, role: .student)
            try await server.enroll(course, token: first.token)
            let attempt = try await server.startAttempt(exam.id, token: first.token).expect(.created).decode(StudentAttempt.self)
            try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: first.token).expect(.ok)

            try await server.send(.delete, APIPaths.me, json: DeleteAccountRequest(password: "correct horse battery"), token: first.token)
                .expect(.ok)
            // The same address again, spelt in another case.
            let again = try await server.signUp(email.uppercased(), role: .student)
            try await server.enroll(course, token: again.token)
            let summary = try #require(
                try await server.get(APIPaths.studentExams, token: again.token).expect(.ok).decode([StudentExamSummary].self).first)
            #expect(summary.attemptsUsed == 1 && summary.maxAttempts == 1)
            let refused = try await server.startAttempt(exam.id, token: again.token)
            #expect(refused.status == .conflict, "\(refused.text)")

            let book = try await server.get(APIPaths.facultyGrades + "?courseId=\(course.id!)", token: faculty.token)
                .expect(.ok).decode([GradeBookEntry].self)
            #expect(book.count == 1)
            #expect(book.first?.email == GradeBookEntry.deletedAccount && book.first?.studentId == nil)
            let csv = try await server.send(
                .get, APIPaths.facultyGrades + "?courseId=\(course.id!)", token: faculty.token, headers: [.accept: "text/csv"])
            #expect(csv.text.contains(",\(GradeBookEntry.deletedAccount),"), "\(csv.text)")
        }
    }
}
