import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Descriptions (issue 41): text shown between an exam's questions, in its place, never
/// answered, scored, practised nor counted by statistics.
@Suite("Descriptions", .hangGuard)
struct DescriptionTests {
    static let description = QuestionDraft(kind: .description, prompt: "Use pencil and paper for what follows.", points: 0, answer: nil)

    /// The fixture's four questions with a description between the first and the second.
    static func examWithDescription() -> ExamDraft {
        var draft = ExamFixtures.everyKind()
        draft.questions.insert(description, at: 1)
        return draft
    }

    @Test func aDescriptionShowsInItsPlaceAndIsNeitherAnsweredNorScored() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(Self.examWithDescription(), courseID: try #require(course.id), token: faculty.token)
            #expect(exam.questions.map(\.kind) == [.singleChoice, .description, .multipleChoice, .trueFalse, .shortAnswer])
            #expect(exam.questions[1].points == 0 && exam.questions[1].answer == nil && exam.totalPoints == 7)

            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            #expect(attempt.questions.map(\.kind) == exam.questions.map(\.kind))
            let text = attempt.questions[1]
            #expect(text.prompt == Self.description.prompt && text.points == 0 && text.choices == nil)

            let path = APIPaths.attemptAnswers(attempt.attemptId)
            for answer in [AnswerInput(questionId: text.id, text: "x"), AnswerInput(questionId: text.id, value: true)] {
                let refused = try await server.send(.put, path, json: SaveAnswersRequest(answers: [answer]), token: student.token)
                QuestionBankInputTests.expectRefusal(refused, .badRequest, mentioning: "description")
            }
            let questions = attempt.questions.filter { $0.kind != .description }
            try await server.send(.put, path, json: SaveAnswersRequest(answers: ExamFixtures.rightAnswers(questions)), token: student.token)
                .expect(.ok)
            let result = try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token)
                .expect(.ok).decode(AttemptResult.self)
            #expect(result.score == 7 && result.maxScore == 7)
            #expect(result.results?.map(\.questionId) == questions.map(\.id), "no result for the description")

            let statistics = try await server.get(APIPaths.examStatistics(exam.id), token: faculty.token).expect(.ok)
                .decode(ExamStatistics.self)
            #expect(statistics.attempts == 1 && statistics.questions.count == 4)
            #expect(!statistics.questions.contains { $0.kind == .description })
        }
    }

    @Test func aDescriptionIsNeverPractisedNorDrawn() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            // Written without points, as the API allows for a description.
            let raw = #"{"kind": "description", "prompt": "Section B: \"quotes\" and e\#u{301}.", "topic": "Maths"}"#
            let created = try await server.post(APIPaths.courseQuestions(courseID), raw: raw, token: faculty.token).expect(.created)
                .decode(Question.self)
            #expect(created.kind == .description && created.points == 0 && created.prompt == "Section B: \"quotes\" and e\u{301}.")
            try await server.post(
                APIPaths.courseQuestions(courseID),
                json: QuestionDraft(kind: .trueFalse, prompt: "1 + 1 = 2", points: 1, answer: .bool(true), topic: "Maths"),
                token: faculty.token
            ).expect(.created)

            let marked = try await server.post(
                APIPaths.practiceQuestions(courseID), json: PracticeMarking(topic: "Maths", practice: true), token: faculty.token
            ).expect(.ok).decode(PracticeMarkingResult.self)
            #expect(marked.changed == 1, "the description is not opened")
            let session = try await server.post(APIPaths.coursePractice(courseID), json: PracticeRequest(), token: student.token)
                .expect(.created).decode(PracticeSession.self)
            #expect(session.questions.map(\.kind) == [.trueFalse])
        }
    }

    @Test func aDescriptionWithPointsAnAnswerOrPracticeIsRefused() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let path = APIPaths.courseQuestions(try #require(course.id))
            var worth = Self.description
            worth.points = 2
            var answered = Self.description
            answered.answer = .bool(true)
            var practised = Self.description
            practised.practice = true
            var withFeedback = Self.description
            withFeedback.generalFeedback = "No."
            for (draft, word) in [(worth, "points"), (answered, "description"), (practised, "practice"), (withFeedback, "description")] {
                QuestionBankInputTests.expectRefusal(
                    try await server.post(path, json: draft, token: faculty.token), .badRequest, mentioning: word)
            }
            var noPoints = ExamFixtures.everyKind().questions[0]
            noPoints.points = 0
            QuestionBankInputTests.expectRefusal(
                try await server.post(path, json: noPoints, token: faculty.token), .badRequest, mentioning: "points")
            #expect(try await server.get(path, token: faculty.token).expect(.ok).decode([Question].self).isEmpty)
        }
    }
}
