import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Item 14 of "Robustness, round four": with `average` grading and one attempt's essay not
/// graded yet, the student's exam list showed a grade that was going to change as if it were
/// final. It says pending (`needsGrading`, as the result, the student's grades and the grade
/// book do), and so do the pages that show a score: the review after submitting and the
/// grades page.
@Suite("Pending grades", .hangGuard)
struct PendingGradeTests {
    @Test func anAverageWithAnEssayNotGradedIsPendingWhereverTheStudentSeesIt() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            // The student signs up through the pages, to read them too.
            var browser = TestBrowser(server)
            let email = uniqueEmail("student")
            try await browser.registerStudent(email)
            let student = try await server.login(email)
            try await server.enroll(course, token: student.token)
            let draft = ExamDraft(
                title: "Averaged", maxAttempts: 2, policy: ExamPolicy(gradingMethod: .average),
                questions: [
                    QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 2, answer: .bool(true)),
                    QuestionDraft(kind: .essay, prompt: "Why is water wet?", points: 2, answer: nil),
                ])
            let exam = try await server.publishedExam(draft, courseID: try #require(course.id), token: faculty.token)
            let essay = try #require(exam.questions.last?.id)
            var attempts: [Int] = []
            for _ in 0..<2 {
                let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                let answers = attempt.questions.map {
                    $0.kind == .essay ? AnswerInput(questionId: $0.id, text: "Because.") : AnswerInput(questionId: $0.id, value: true)
                }
                let result = try await server.post(
                    APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token
                ).expect(.ok).decode(AttemptResult.self)
                #expect(result.needsGrading == true && result.score == 2 && result.maxScore == 4)
                attempts.append(attempt.attemptId)
            }
            // The first attempt's essay graded (4 of 4), the second's waits: the average, 3, will change.
            try await server.send(
                .put, APIPaths.attemptGrade(attempts[0], essay), json: EssayGradeRequest(points: 2), token: faculty.token
            ).expect(.ok)
            var listed = try #require(
                try await server.get(APIPaths.studentExams, token: student.token).expect(.ok).decode([StudentExamSummary].self).first)
            #expect(listed.bestScore == 3 && listed.maxScore == 4 && listed.needsGrading == true)
            try await browser.get("/attempts/\(attempts[1])").expect(.ok)
            #expect(browser.page.contains("<strong>2 of 4 points (50 %)</strong> so far, pending: an essay is graded by hand."))
            try await browser.get("/grades").expect(.ok)
            #expect(browser.page.contains("<td>3 of 4 so far, pending: an essay is graded by hand.</td>"), "\(browser.page)")

            // Once the last essay is graded, the grade is final everywhere.
            try await server.send(
                .put, APIPaths.attemptGrade(attempts[1], essay), json: EssayGradeRequest(points: 1), token: faculty.token
            ).expect(.ok)
            listed = try #require(
                try await server.get(APIPaths.studentExams, token: student.token).expect(.ok).decode([StudentExamSummary].self).first)
            #expect(listed.bestScore == 3.5 && listed.needsGrading == nil)
            try await browser.get("/attempts/\(attempts[1])").expect(.ok)
            #expect(browser.page.contains("<strong>3 of 4 points (75 %)</strong></p>") && !browser.page.contains("pending"))
            try await browser.get("/grades").expect(.ok)
            #expect(browser.page.contains("<td>3.5 of 4</td>") && !browser.page.contains("pending"))
        }
    }
}
