import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Issue 41's "done when", through the client library on the real server and PostgreSQL: an
/// exam with an essay and a multiple-choice question, two students submit, the grade book
/// shows both pending, the teacher grades one essay (that grade is final, the other still
/// pending), and `average` over two attempts with one pending is pending.
@Suite("End to end: essays graded by hand", .hangGuard)
@MainActor
struct EssayGradingTests {
    static func draft(maxAttempts: Int = 1, gradingMethod: GradingMethod = .highest) -> ExamDraft {
        ExamDraft(
            title: "Essay and choice", maxAttempts: maxAttempts,
            // In the author's order: the terminal tests type choices by their numbers.
            policy: ExamPolicy(
                gradingMethod: gradingMethod, shuffleChoices: false, review: ReviewOptions(afterSubmit: [.score, .correctness, .feedback])),
            questions: [
                QuestionDraft(
                    kind: .essay, prompt: "Explain why the sky is blue.", points: 5, answer: nil,
                    graderInfo: "Rayleigh scattering: full marks."),
                QuestionDraft(
                    kind: .multipleChoice, prompt: "Which are prime?", points: 2,
                    choices: [Choice(id: "a", text: "2"), Choice(id: "b", text: "3"), Choice(id: "c", text: "4")],
                    answer: .texts(["a", "b"])),
            ])
    }

    /// Answers both questions right (the essay with `essay`) and submits.
    static func takeExam(_ client: ExamPrepClient, examId: Int, essay: String) async throws -> AttemptResult {
        let attempt = try await client.student.startAttempt(examId: examId)
        #expect(attempt.questions.first?.kind == .essay)
        let essayID = try #require(attempt.questions.first?.id)
        let choice = try #require(attempt.questions.last)
        let primes = (choice.choices ?? []).filter { ["2", "3"].contains($0.text) }.map(\.id)
        _ = try await client.student.answer(AnswerInput(questionId: essayID, text: essay), in: attempt.attemptId)
        _ = try await client.student.answer(AnswerInput(questionId: choice.id, choiceIds: primes), in: attempt.attemptId)
        return try await client.student.submit(attempt.attemptId)
    }

    @Test func twoStudentsSubmitAndTheTeacherGradesOneEssay() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let teacher = room.faculty.faculty
            let exam = try await room.publish(Self.draft())
            #expect(exam.questions.first?.graderInfo == "Rayleigh scattering: full marks.")
            let second = server.makeClient()
            try await second.account.signUp(uniqueEmail("student"), role: .student)
            try await second.student.enroll(code: room.course.courseCode)

            let first = try await Self.takeExam(room.student, examId: exam.id, essay: "Scattering, \"Rayleigh\" e\u{301}.")
            #expect(first.needsGrading == true && first.score == 2 && first.maxScore == 7)
            #expect(first.results?.first?.points == nil, "the essay has no points yet")
            let other = try await Self.takeExam(second, examId: exam.id, essay: "Because.")
            #expect(other.needsGrading == true)

            let courseId = try #require(room.course.id)
            let book = try await teacher.loadGradeBook(courseId)
            #expect(book.count == 2 && book.allSatisfy { $0.needsGrading == true })
            let csv = try await teacher.gradeBookCSV(courseId).text
            #expect(csv.components(separatedBy: ",pending,").count == 3, "\(csv)")

            let queue = try await teacher.essayQueue(examId: exam.id, pendingOnly: true)
            #expect(queue.count == 2 && queue.allSatisfy { $0.points == nil && $0.maxPoints == 5 })
            let mine = try #require(queue.first { $0.attemptId == first.attemptId })
            #expect(mine.text == "Scattering, \"Rayleigh\" e\u{301}." && mine.studentId == room.studentId)

            let graded = try await teacher.gradeEssay(
                attemptId: first.attemptId, questionId: mine.questionId, points: 4.5, comment: "Good; name the law.")
            #expect(graded.score == 6.5 && graded.maxScore == 7 && graded.needsGrading == false)

            let after = try await teacher.loadGradeBook(courseId)
            let firstRow = try #require(after.first { $0.studentId == room.studentId })
            #expect(firstRow.score == 6.5 && firstRow.needsGrading == nil)
            #expect(after.filter { $0.needsGrading == true }.count == 1, "the other is still pending")
            #expect(try await teacher.essayQueue(examId: exam.id, pendingOnly: true).map(\.attemptId) == [other.attemptId])
            let all = try await teacher.essayQueue(examId: exam.id)
            #expect(all.map(\.attemptId) == [other.attemptId, first.attemptId], "ungraded first")
            #expect(all.last?.points == 4.5 && all.last?.comment == "Good; name the law.")

            let grades = try await room.student.student.loadGrades()
            #expect(grades.first?.score == 6.5 && grades.first?.needsGrading == nil)
        }
    }

    @Test func anAverageOverTwoAttemptsWithOnePendingIsPending() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let teacher = room.faculty.faculty
            let exam = try await room.publish(Self.draft(maxAttempts: 2, gradingMethod: .average))
            let first = try await Self.takeExam(room.student, examId: exam.id, essay: "First try.")
            let essayID = try #require(exam.questions.first?.id)
            try await teacher.gradeEssay(attemptId: first.attemptId, questionId: essayID, points: 5)
            let courseId = try #require(room.course.id)
            #expect(try await teacher.loadGradeBook(courseId).first?.needsGrading == nil)

            let second = try await Self.takeExam(room.student, examId: exam.id, essay: "Second try.")
            let pending = try #require(try await teacher.loadGradeBook(courseId).first)
            #expect(pending.needsGrading == true, "one of the two attempts waits")

            try await teacher.gradeEssay(attemptId: second.attemptId, questionId: essayID, points: 3)
            let final = try #require(try await teacher.loadGradeBook(courseId).first)
            #expect(final.needsGrading == nil && final.score == 6, "(7 + 5) / 2")
        }
    }
}
