import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// A student's attempt pages beyond its questions, drawn with their models as
/// `AttemptPageController` makes them: the summary before submitting, the review after it, and
/// what another place sees of a one-place attempt.
extension TemplateRenderTests {
    /// `attempt()` submitted: the first three questions answered (the first right, the second
    /// partly, the third wrong), an essay waiting to be graded, a grade.
    static func submittedAttempt() -> StudentAttempt {
        var attempt = attempt()
        let submitted = attempt.startedAt.addingTimeInterval(1800)
        attempt.submittedAt = submitted
        attempt.answers = [
            AnswerInput(questionId: 1, choiceIds: ["a"]), AnswerInput(questionId: 2, choiceIds: ["b"]),
            AnswerInput(questionId: 3, value: false), AnswerInput(questionId: 7, text: hostile),
        ]
        attempt.result = AttemptResult(
            attemptId: attempt.attemptId, score: 2.5, maxScore: 13, submittedAt: submitted,
            results: [
                QuestionResult(questionId: 1, correct: true, points: 1, rightAnswer: .texts(["a"]), feedback: hostile),
                QuestionResult(questionId: 2, correct: false, points: 0.5),
                QuestionResult(questionId: 3, correct: false, points: 0, rightAnswer: .bool(true)),
            ], autoSubmitted: true, needsGrading: true, grade: "3+")
        return attempt
    }

    @Test("the review after submitting draws the score, the grade and each question's outcome, in English and in Polish")
    func reviewPage() throws {
        let attempt = Self.submittedAttempt()
        try Self.draw(
            "review",
            shows: [
                .html("href=\"/exams/3\""), .sentence("attempt.just-submitted"), .sentence("attempt.auto-submitted"),
                .sentence("attempt.right"), .sentence("attempt.partly-right"), .sentence("attempt.wrong"),
                .sentence("attempt.right-answer"), .html("<img"), .sentence("attempt.pending-note"), .value("3+"),
                .sentence("attempt.not-shown"), .html("&lt;script&gt;alert(1)&lt;/script&gt;"),
            ]
        ) { catalogue in
            var hidden = attempt
            hidden.result?.results = nil
            hidden.result?.score = nil
            return [
                AttemptReview(attempt: attempt, justSubmitted: true, catalogue: catalogue, pictures: Self.pictures),
                AttemptReview(attempt: hidden, justSubmitted: false, catalogue: catalogue),
            ]
        }
    }

    @Test("the summary before submitting lists each question with its state and the submit form, in English and in Polish")
    func summaryPage() throws {
        var attempt = Self.attempt()
        attempt.answers = [AnswerInput(questionId: 1, choiceIds: ["a"]), AnswerInput(questionId: 4, text: Self.hostile)]
        let place = "place-" + String(repeating: "p", count: 26)
        let drawn = try Self.draw(
            "summary",
            shows: [
                .sentence("attempt.summary"), .value(Self.hostile), .sentence("attempt.status-answered"),
                .sentence("attempt.status-unanswered"), .sentence("attempt.flagged"), .html("href=\"/attempts/9?q=2&amp;place=\(place)\""),
                .html("action=\"/attempts/9/submit?place=\(place)\""), .html("<strong>2</strong>"), .html("<strong>5</strong>"),
                .sentence("attempt.submit-all"),
            ]
        ) { catalogue in
            var page = AttemptSummaryPage(
                attempt: attempt, summary: AttemptSummary(attempt: attempt, flagged: [2]), catalogue: catalogue)
            page.carry(AttemptPlaceLinks(place: place))
            return [page]
        }
        // A description is no question: seven rows, not eight.
        #expect(drawn[.pl]?.first.map { $0.matches(of: /<tr><th scope="row">/).count } == 7)
    }

    @Test("another place sees where a one-place attempt is open and can move it here, in English and in Polish")
    func attemptElsewherePage() throws {
        let attempt = Self.attempt()
        let drawn = try Self.draw(
            "attempt-elsewhere",
            shows: [
                .value(Self.hostile), .sentence("integrity.elsewhere-heading"), .sentence("integrity.elsewhere-open"),
                .html("action=\"/attempts/9/place\""), .html("data-attempt=\"9\""), .sentence("integrity.move-here"),
            ]
        ) { catalogue in
            [
                AttemptElsewherePage(attempt: attempt, since: attempt.startedAt, catalogue: catalogue),
                AttemptElsewherePage(attempt: attempt, since: nil, catalogue: catalogue),
            ]
        }
        // Each page makes a new place's token for its form.
        #expect(drawn[.en]?.allSatisfy { $0.contains(/name="place" value="[^"]{8,}"/) } == true)
    }
}
