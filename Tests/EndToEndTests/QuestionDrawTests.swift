import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// Exams that draw from the bank, questions edited by version, and regrades, through the
/// client library on the real server and PostgreSQL.
@Suite("End to end: drawn questions, versions, regrades", .hangGuard)
@MainActor
struct QuestionDrawTests {
    static func statement(_ number: Int) -> QuestionDraft {
        QuestionDraft(kind: .trueFalse, prompt: "Statement \(number) is true.", points: 1, answer: .bool(true), topic: "Pool/Statements")
    }

    @Test func thirtyAttemptsOfFiveFromTenSeeEveryQuestionBeforeAnyRepeats() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            for number in 1...10 { try await room.faculty.faculty.createQuestion(Self.statement(number), courseId: courseId) }
            // Another topic's question is never drawn.
            try await room.faculty.faculty.createQuestion(
                QuestionDraft(kind: .trueFalse, prompt: "Elsewhere.", points: 1, answer: .bool(true), topic: "Poolside"), courseId: courseId
            )
            let exam = try await room.publish(
                ExamDraft(
                    title: "Five from ten", maxAttempts: 30, policy: ExamPolicy(shuffleQuestions: true, shuffleChoices: true),
                    questions: [QuestionDraft(kind: .trueFalse, prompt: "Fixed.", points: 1, answer: .bool(true))],
                    draws: [ExamDrawSlot(position: 1, fromBank: BankDraw(topic: "Pool", count: 5))]))

            let listed = try #require(try await room.student.student.loadExams().first { $0.id == exam.id })
            #expect(listed.questionCount == 6 && listed.maxScore == 6, "the student's list counts drawn questions")
            #expect(try await room.faculty.faculty.loadExams().first { $0.id == exam.id }?.questionCount == 6)

            var seen: [String: Int] = [:]
            for number in 1...30 {
                let attempt = try await room.student.student.startAttempt(examId: exam.id)
                let prompts = attempt.questions.map(\.prompt)
                #expect(prompts.count == 6 && Set(prompts).count == 6 && prompts.contains("Fixed."))
                #expect(!prompts.contains("Elsewhere."))
                // A resumed attempt shows the same questions in the same order.
                #expect(try await room.student.student.loadAttempt(attempt.attemptId).questions == attempt.questions)
                for prompt in prompts where prompt != "Fixed." { seen[prompt, default: 0] += 1 }
                let counts = seen.values
                #expect(
                    number % 2 == 1 || (seen.count == 10 && counts.allSatisfy { $0 == number / 2 }),
                    "after \(number) attempts every question was drawn \(number / 2) times: \(seen)")
                #expect((counts.max() ?? 0) - (counts.min() ?? 0) <= 1 || seen.count < 10)
                try await room.student.student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 6))
            }
            #expect(seen.count == 10 && seen.values.allSatisfy { $0 == 15 })
        }
    }

    @Test func anEditAfterAttemptsIsANewVersionAndOldAttemptsKeepTheirs() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            let faculty = room.faculty.faculty
            let question = try await faculty.createQuestion(Self.statement(1), courseId: courseId)
            #expect(question.version == 1)

            // Unused, an edit rewrites the question in place.
            var draft = question.draft
            draft.prompt = "Statement one is true."
            #expect(try await faculty.replaceQuestion(question.id, with: draft).version == 1)

            let exam = try await room.publish(
                ExamDraft(
                    title: "Versions", maxAttempts: 2, questions: [],
                    draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Pool", count: 1))]))
            let old = try await room.student.student.startAttempt(examId: exam.id)
            #expect(old.questions.map(\.prompt) == ["Statement one is true."])

            draft.prompt = "Statement one is false."
            draft.answer = .bool(false)
            let edited = try await faculty.replaceQuestion(question.id, with: draft)
            #expect(edited.id == question.id && edited.version == 2 && edited.prompt == "Statement one is false.")
            #expect(try await faculty.question(question.id) == edited)
            #expect(try await faculty.loadQuestions(courseId: courseId).map(\.version) == [2], "the bank lists the current version")

            // The running attempt still shows, and is graded by, the version it drew.
            #expect(try await room.student.student.loadAttempt(old.attemptId).questions.map(\.prompt) == ["Statement one is true."])
            let oldResult = try await room.student.student.submit(old.attemptId, finalAnswers: TrueFalseExam.answers(old, right: 1))
            #expect(oldResult.score == 1)
            let new = try await room.student.student.startAttempt(examId: exam.id)
            #expect(new.questions.map(\.prompt) == ["Statement one is false."])

            // A question an attempt showed can still be deleted from the bank; the attempt keeps it.
            try await faculty.deleteQuestion(question.id)
            #expect(try await faculty.loadQuestions(courseId: courseId).isEmpty)
            #expect(try await room.student.student.loadAttempt(old.attemptId).questions.map(\.prompt) == ["Statement one is true."])
            await #expect(throws: APIError.self) { try await faculty.question(question.id) }
        }
    }

    /// A key written wrong, fixed after two students sat the exam: the dry run lists exactly
    /// the scores the regrade then changes, and the grade book follows.
    @Test func aRegradeChangesExactlyTheScoresItsDryRunListed() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            let faculty = room.faculty.faculty
            var wrongKey = QuestionDraft(
                kind: .singleChoice, prompt: "2 + 2 = ?", points: 2, choices: [Choice(id: "a", text: "3"), Choice(id: "b", text: "4")],
                answer: .text("a"), topic: "Sums")
            let question = try await faculty.createQuestion(wrongKey, courseId: courseId)
            let exam = try await room.publish(
                ExamDraft(
                    title: "Sums", questions: [QuestionDraft(kind: .trueFalse, prompt: "1 + 1 = 2", points: 1, answer: .bool(true))],
                    draws: [ExamDrawSlot(position: 1, fromBank: BankDraw(topic: "Sums", count: 1, points: 2))]))

            let other = server.makeClient()
            try await other.account.signUp(uniqueEmail("second-student"), role: .student)
            try await other.student.enroll(code: room.course.courseCode)
            var attempts: [Int: Int] = [:]
            for (client, choice) in [(room.student, "a"), (other, "b")] {
                let attempt = try await client.student.startAttempt(examId: exam.id)
                let drawn = try #require(attempt.questions.last)
                try await client.student.submit(
                    attempt.attemptId,
                    finalAnswers: [
                        AnswerInput(questionId: try #require(attempt.questions.first).id, value: true),
                        AnswerInput(questionId: drawn.id, choiceIds: try drawn.choiceIDs(authored: [choice], of: wrongKey.choices ?? [])),
                    ])
                attempts[try #require(client.session.currentSession?.userId)] = attempt.attemptId
            }
            let otherId = try #require(other.session.currentSession?.userId)
            #expect(
                Dictionary(uniqueKeysWithValues: try await faculty.loadGradeBook(courseId).map { ($0.studentId, $0.score) }) == [
                    room.studentId: 3, otherId: 1,
                ])

            wrongKey.answer = .text("b")
            #expect(try await faculty.replaceQuestion(question.id, with: wrongKey).version == 2)
            let expected = [
                RegradeChange(attemptId: try #require(attempts[room.studentId]), studentId: room.studentId, before: 3, after: 1),
                RegradeChange(attemptId: try #require(attempts[otherId]), studentId: otherId, before: 1, after: 3),
            ]
            let dryRun = try await faculty.regradeQuestion(question.id, mode: .currentAnswer, dryRun: true)
            #expect(dryRun == expected)
            #expect(
                Dictionary(uniqueKeysWithValues: try await faculty.loadGradeBook(courseId).map { ($0.studentId, $0.score) }) == [
                    room.studentId: 3, otherId: 1,
                ],
                "a dry run changes nothing")

            let regraded = try await faculty.regradeQuestion(question.id, mode: .currentAnswer)
            #expect(regraded == dryRun)
            #expect(
                Dictionary(uniqueKeysWithValues: try await faculty.loadGradeBook(courseId).map { ($0.studentId, $0.score) }) == [
                    room.studentId: 1, otherId: 3,
                ])
            #expect(try await faculty.regradeQuestion(question.id, mode: .currentAnswer, dryRun: true).isEmpty, "nothing left to change")

            // The student sees the new score on the question itself.
            let mine = try await room.student.student.loadAttempt(try #require(attempts[room.studentId]))
            #expect(mine.result?.score == 1)

            // Full credit: everyone gets the question's points.
            let full = try await faculty.regradeQuestion(question.id, mode: .fullCredit)
            #expect(
                full == [RegradeChange(attemptId: try #require(attempts[room.studentId]), studentId: room.studentId, before: 1, after: 3)])
            #expect(
                Dictionary(uniqueKeysWithValues: try await faculty.loadGradeBook(courseId).map { ($0.studentId, $0.score) }) == [
                    room.studentId: 3, otherId: 3,
                ])
        }
    }
}
