import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 35, item 9: the grade book quoted a field only for a comma, quote or line break. A
/// spreadsheet in a locale whose list separator is `;` split `Quiz;=HYPERLINK(…)` into two
/// cells, and the second ran as a formula although the field's start was defused.
@Suite("Abuse: CSV in semicolon locales", .hangGuard)
struct SpreadsheetLocaleTests {
    @Test func gradeBookFieldsWithASemicolonOrATabAreQuoted() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            for title in ["Quiz;=HYPERLINK(\"http://x\")", "Quiz\t=1+1"] {
                let exam = try await server.publishedExam(ExamFixtures.everyKind(title: title), courseID: course.id!, token: faculty.token)
                let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
                try await server.post(
                    APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: []), token: student.token
                )
                .expect(.ok)
            }
            let csv = try await server.send(
                .get, APIPaths.facultyGrades + "?courseId=\(course.id!)", token: faculty.token, headers: [.accept: "text/csv"]
            ).expect(.ok)
            #expect(csv.text.contains(#","Quiz;=HYPERLINK(""http://x"")","#), "\(csv.text)")
            #expect(csv.text.contains(",\"Quiz\t=1+1\","), "\(csv.text)")
        }
    }
}
