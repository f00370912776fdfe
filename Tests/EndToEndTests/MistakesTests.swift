import ExamPrepClient
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// "My mistakes" through the client library: wrong answers of submitted attempts appear once
/// the exam's review options show correctness, wrong practice answers at once, the latest
/// first; "practise these" practises them, and a right answer takes a question off the list.
@Suite("End to end: my mistakes", .hangGuard)
@MainActor
struct MistakesTests {
    @Test func aWrongExamAnswerIsAMistakeOnlyOnceTheReviewOptionsShowCorrectness() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            let faculty = room.faculty.faculty
            let student = room.student.student
            var bank: [Question] = []
            for number in 1...3 {
                bank.append(
                    try await faculty.createQuestion(
                        QuestionDraft(
                            kind: .trueFalse, prompt: "Statement \(number) is true.", points: 1, answer: .bool(true), topic: "Logic",
                            practice: true), courseId: courseId))
            }

            // After submitting, only the score shows; after the exam closes, correctness too.
            let policy = ExamPolicy(review: ReviewOptions(afterSubmit: [.score], afterClose: [.score, .correctness]))
            let exam = try await room.publish(
                ExamDraft(
                    title: "Logic quiz", policy: policy, questions: [],
                    draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Logic", count: 2))]))
            let attempt = try await student.startAttempt(examId: exam.id)
            let drawn = attempt.questions.map(\.id)
            let wrongInExam = try #require(drawn.first)
            let result = try await student.submit(
                attempt.attemptId,
                finalAnswers: [AnswerInput(questionId: wrongInExam, value: false), AnswerInput(questionId: drawn[1], value: true)])
            #expect(result.score == 1 && result.results == nil)
            #expect(try await student.loadMistakes().isEmpty, "the review options do not show correctness yet")
            // While the exam is open, none of its topic is offered for practice.
            let undrawn = try #require(bank.map(\.id).first { !drawn.contains($0) })
            #expect(try await student.startPractice(courseId: courseId).questions.isEmpty, "the exam is open")

            _ = try await faculty.closeExam(exam.id)
            let afterClose = try await student.loadMistakes(courseId: courseId)
            #expect(afterClose.map(\.questionId) == [wrongInExam])
            let fromExam = try #require(afterClose.first)
            #expect(fromExam.source == .exam && fromExam.examId == exam.id && fromExam.examTitle == "Logic quiz")
            #expect(fromExam.practiceable && fromExam.wrongCount == 1 && fromExam.courseId == courseId)
            #expect(fromExam.question.prompt == bank.first { $0.id == wrongInExam }?.prompt)

            // The third question, not drawn, answered wrong in practice: a mistake at once, and
            // first (the latest).
            let session = try await student.startPractice(courseId: courseId, topic: "Logic")
            _ = try await student.answerPractice(PracticeAnswer(questionId: undrawn, value: false), practiceId: session.practiceId)
            let both = try await student.loadMistakes()
            #expect(both.map(\.questionId) == [undrawn, wrongInExam])
            #expect(both.map(\.source) == [.practice, .exam])

            // Practise these: exactly the mistakes; one answered right leaves the list.
            let these = try await student.practiseMistakes(courseId: courseId)
            #expect(Set(these.questions.map(\.id)) == [undrawn, wrongInExam])
            let fixed = try await student.answerPractice(PracticeAnswer(questionId: wrongInExam, value: true), practiceId: these.practiceId)
            #expect(fixed.correct)
            #expect(student.mistakes.map(\.questionId) == [undrawn], "the library's list follows at once")
            #expect(try await student.loadMistakes().map(\.questionId) == [undrawn])
            let again = try await student.answerPractice(PracticeAnswer(questionId: undrawn, value: false), practiceId: these.practiceId)
            #expect(!again.correct)
            #expect(try await student.loadMistakes().first?.wrongCount == 2)
            #expect(try await student.practiseMistakes(courseId: courseId).questions.map(\.id) == [undrawn])

            // An edit of a practised question makes a new version: the mistake stays, in its new words.
            let edited = QuestionDraft(
                kind: .trueFalse, prompt: "Statement three, reworded, is true.", points: 1, answer: .bool(true), topic: "Logic",
                practice: true)
            #expect(try await faculty.replaceQuestion(undrawn, with: edited).version == 2)
            let kept = try await student.loadMistakes()
            #expect(kept.map(\.questionId) == [undrawn] && kept.first?.wrongCount == 2)
            #expect(kept.first?.question.prompt == edited.prompt)
        }
    }

    @Test func anExamsOwnQuestionIsAMistakeThatCannotBePractisedAndOthersSeeNone() async throws {
        try await EndToEnd.run { server in
            let room = try await Classroom.open(server)
            let courseId = try #require(room.course.id)
            // Review options that show correctness right after submitting (the default shows the
            // score only).
            let exam = try await room.publish(
                TrueFalseExam.draft(questions: 3, policy: ExamPolicy(review: ReviewOptions(afterSubmit: [.score, .correctness]))))
            let attempt = try await room.student.student.startAttempt(examId: exam.id)
            _ = try await room.student.student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 1))

            let mistakes = try await room.student.student.loadMistakes(courseId: courseId)
            #expect(mistakes.count == 2 && mistakes.allSatisfy { $0.source == .exam && !$0.practiceable })
            #expect(try await room.student.student.practiseMistakes(courseId: courseId).questions.isEmpty)

            // Another student sees none of them, and may not ask for the course.
            let other = server.makeClient()
            try await other.account.signUp(uniqueEmail("other"), role: .student)
            #expect(try await other.student.loadMistakes().isEmpty)
            await #expect(throws: APIError.self) { try await other.student.loadMistakes(courseId: courseId) }
            // Page by page (one a page, following the Link header): the same two, in the same order.
            let paged = try await room.student.session.sendAll(
                APIRequest<[Mistake]>(
                    .get, APIPaths.mistakes, queryItems: [URLQueryItem(name: "limit", value: "1")], requiresAuthentication: true))
            #expect(paged == mistakes)
        }
    }
}
