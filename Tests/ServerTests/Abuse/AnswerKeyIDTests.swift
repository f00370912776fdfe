import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Issue 35, item 2: imported matching questions named items 1…n and options a, b, … in pair
/// order, imported choices got a, b, … in file order with GIFT's right answer first, and an
/// author's own `a` was as often the right one: `{"1":"a","2":"b",…}` and `["a"]` scored full
/// marks without reading. Students now see aliases of their own attempt or session, and an
/// import gives random ids.
@Suite("Abuse: answer keys in ids", .hangGuard)
struct AnswerKeyIDTests {
    static let gift = """
        ::Capital:: The capital of France? {=Paris ~Lyon ~Nice}

        ::Pairs:: Match the capitals. {=France -> Paris =Peru -> Lima =Japan -> Tokyo}
        """

    static func ids(_ list: [Choice]?) -> [String] { (list ?? []).map(\.id) }

    @Test func importedQuestionsCarryNoKeyInTheirIDs() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            try await server.send(
                .post, APIPaths.importQuestions(course.id!), token: faculty.token, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: Self.gift)
            ).expect(.created)
            let bank = try await server.get(APIPaths.courseQuestions(course.id!), token: faculty.token).decode([Question].self)
            let capital = try #require(bank.first { $0.kind == .singleChoice })
            let pairs = try #require(bank.first { $0.kind == .matching })
            #expect(Self.ids(capital.choices) != ["a", "b", "c"] && Self.ids(capital.choices).allSatisfy { $0.count == 8 })
            #expect(Self.ids(pairs.items) != ["1", "2", "3"] && Self.ids(pairs.options) != ["a", "b", "c"])

            let draft = ExamDraft(
                title: "Imported", policy: ExamPolicy(review: ReviewOptions(afterSubmit: ReviewItem.allCases)), questions: [],
                draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(count: 2))])
            let exam = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            let shownCapital = try #require(attempt.questions.first { $0.kind == .singleChoice })
            let shownPairs = try #require(attempt.questions.first { $0.kind == .matching })
            // Blind answers in file order are no answers at all.
            for blind in [
                AnswerInput(questionId: shownCapital.id, choiceIds: ["a"]),
                AnswerInput(questionId: shownPairs.id, matches: ["1": "a", "2": "b", "3": "c"]),
                AnswerInput(questionId: shownCapital.id, choiceIds: [Self.ids(capital.choices)[0]]),
            ] {
                let reply = try await server.send(
                    .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: [blind]), token: student.token)
                #expect(reply.status == .badRequest, "\(blind): \(reply.text)")
            }
            // Read, they are right.
            func shown(_ list: [Choice]?, _ text: String) -> String { list?.first { $0.text == text }?.id ?? "" }
            let answers = [
                AnswerInput(questionId: shownCapital.id, choiceIds: [shown(shownCapital.choices, "Paris")]),
                AnswerInput(
                    questionId: shownPairs.id,
                    matches: Dictionary(
                        uniqueKeysWithValues: [("France", "Paris"), ("Peru", "Lima"), ("Japan", "Tokyo")].map {
                            (shown(shownPairs.items, $0.0), shown(shownPairs.options, $0.1))
                        })),
            ]
            let result = try await server.post(
                APIPaths.submitAttempt(attempt.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token
            ).expect(.ok).decode(AttemptResult.self)
            #expect(result.score == 2 && result.maxScore == 2)
        }
    }

    @Test func authoredIDsAreShownAsAliasesOfEachAttempt() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let other = try await server.signUp(uniqueEmail("other"), role: .student)
            try await server.enroll(course, token: other.token)
            var draft = ExamFixtures.everyKind()
            draft.policy = ExamPolicy(review: ReviewOptions(afterSubmit: ReviewItem.allCases))
            let exam = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)

            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            let single = try #require(attempt.questions.first { $0.kind == .singleChoice })
            #expect(Self.ids(single.choices) != ["a", "b"] && Self.ids(single.choices).allSatisfy { $0.count == 10 })
            let otherAttempt = try await server.startAttempt(exam.id, token: other.token).decode(StudentAttempt.self)
            #expect(Self.ids(otherAttempt.questions.first { $0.kind == .singleChoice }?.choices) != Self.ids(single.choices))
            let blind = try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId),
                json: SaveAnswersRequest(answers: [AnswerInput(questionId: single.id, choiceIds: ["b"])]), token: student.token)
            #expect(blind.status == .badRequest, "\(blind.text)")

            // The same aliases on every read, in the saved answers and in the review.
            let right = ExamFixtures.rightAnswers(attempt.questions)
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: right), token: student.token
            )
            .expect(.ok)
            let resumed = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(resumed.questions == attempt.questions)
            #expect(resumed.answers.first { $0.questionId == single.id }?.choiceIds == ExamFixtures.choiceIDs(single, ["4"]))
            let result = try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token)
                .expect(.ok).decode(AttemptResult.self)
            #expect(result.score == 7)
            #expect(result.results?.first { $0.questionId == single.id }?.rightAnswer == .text(ExamFixtures.choiceIDs(single, ["4"])[0]))

            // Faculty see their own ids: the statistics count the author's choices.
            let statistics = try await server.get(APIPaths.examStatistics(exam.id), token: faculty.token).decode(ExamStatistics.self)
            let counted = statistics.questions.first { $0.kind == .singleChoice }?.options
            #expect(
                counted == [
                    OptionCount(id: "a", chosen: 0, letter: "A", text: "3"), OptionCount(id: "b", chosen: 1, letter: "B", text: "4"),
                ])
        }
    }

    @Test func practiceAndTheListsShowAliasesToo() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let question = QuestionDraft(
                kind: .singleChoice, prompt: "2 + 2?", points: 1, choices: [Choice(id: "a", text: "4"), Choice(id: "b", text: "5")],
                answer: .text("a"), topic: "Sums", practice: true)
            try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: faculty.token).expect(.created)
            let session = try await server.post(APIPaths.coursePractice(course.id!), json: PracticeRequest(), token: student.token)
                .expect(.created).decode(PracticeSession.self)
            let shown = try #require(session.questions.first)
            #expect(Self.ids(shown.choices) != ["a", "b"])
            let path = APIPaths.practiceAnswers(session.practiceId)
            try await server.post(path, json: PracticeAnswer(questionId: shown.id, choiceIds: ["a"]), token: student.token)
                .expect(.badRequest)
            let wrong = try await server.post(
                path, json: PracticeAnswer(questionId: shown.id, choiceIds: ExamFixtures.choiceIDs(shown, ["5"])), token: student.token
            ).expect(.ok).decode(PracticeFeedback.self)
            #expect(!wrong.correct && wrong.rightAnswer == .text(ExamFixtures.choiceIDs(shown, ["4"])[0]))

            let mistakes = try await server.get(APIPaths.mistakes, token: student.token).expect(.ok).decode([Mistake].self)
            let listed = try #require(mistakes.first?.question)
            #expect(Self.ids(listed.choices) != ["a", "b"] && Self.ids(listed.choices).allSatisfy { $0.count == 10 })
            let again = try await server.get(APIPaths.mistakes, token: student.token).decode([Mistake].self)
            #expect(again.first?.question == listed)
        }
    }
}
