import ExamPrepShared
import Foundation

/// A submitted attempt as its student may see it: what the exam's review options show now
/// (the score, each question's outcome, the right answers, feedback), or only that it was
/// submitted.
struct AttemptReview: Sendable {
    struct Item: Sendable {
        var number: Int
        var prompt: String
        var given: String
        var outcome: String?
        var rightAnswer: String?
        var feedback: String?
    }

    var examID: Int
    var examTitle: String
    var attemptNumber: Int
    var submittedText: String
    var autoSubmitted: Bool
    var justSubmitted: Bool
    var scoreText: String?
    /// Said after the score while an essay waits to be graded by hand (nil: the score is final).
    var pendingNote: String?
    var items: [Item]
    var hasItems: Bool

    init(attempt: StudentAttempt, justSubmitted: Bool) {
        examID = attempt.examId
        examTitle = attempt.title
        attemptNumber = attempt.number
        submittedText = attempt.submittedAt.map { PageTime.text($0, timeZone: attempt.timeZone) } ?? ""
        autoSubmitted = attempt.result?.autoSubmitted ?? false
        self.justSubmitted = justSubmitted
        let result = attempt.result
        scoreText = result.flatMap { result in
            guard let score = result.score, let max = result.maxScore else { return nil }
            let percent = max > 0 ? " (\(Int((score / max * 100).rounded())) %)" : ""
            return "\(Points.text(score)) of \(Points.text(max)) points\(percent)"
        }
        pendingNote = result?.needsGrading == true && scoreText != nil ? Self.pendingNote : nil
        let answers = Dictionary(attempt.answers.map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        let results = Dictionary((result?.results ?? []).map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        items = attempt.questions.enumerated().compactMap { index, question in
            guard let outcome = results[question.id] else { return nil }
            return Item(
                number: index + 1, prompt: question.prompt, given: AnswerText.given(answers[question.id], to: question),
                outcome: Self.outcome(outcome, points: question.points),
                rightAnswer: outcome.rightAnswer.map { AnswerText.right($0, to: question) }, feedback: outcome.feedback)
        }
        hasItems = !items.isEmpty
    }

    /// What a score that waits for an essay says after it (the review, the grades page).
    static let pendingNote = "so far, pending: an essay is graded by hand."

    private static func outcome(_ result: QuestionResult, points: Int) -> String? {
        guard let correct = result.correct else { return nil }
        let scored = result.points.map { " (\(Points.text($0)) of \(points) point\(points == 1 ? "" : "s"))" } ?? ""
        if correct { return "Right" + scored }
        if let got = result.points, got > 0 { return "Partly right" + scored }
        return "Wrong" + scored
    }
}

/// The summary before submitting: each question answered or not, flagged or not, the counts,
/// and what submitting makes final.
struct AttemptSummaryPage: Sendable {
    struct Row: Sendable {
        var number: Int
        var href: String
        var status: String
        var flagged: Bool
    }

    var attemptID: Int
    var examTitle: String
    var rows: [Row]
    var count: Int
    var answered: Int
    var unanswered: Int
    var flagged: Int
    var deadlineText: String?
    var deadlineISO: String?
    var confirmation: String

    init(attempt: StudentAttempt, summary: AttemptSummary) {
        attemptID = attempt.attemptId
        examTitle = attempt.title
        rows = summary.questions.map { question in
            Row(
                number: question.number, href: "/attempts/\(attempt.attemptId)?q=\(question.number)",
                status: question.answered ? "Answered" : "Not answered", flagged: question.flagged)
        }
        count = summary.questions.count
        unanswered = summary.unanswered
        answered = count - summary.unanswered
        flagged = summary.flagged
        deadlineText = attempt.deadline.map { "Ends " + PageTime.text($0, timeZone: attempt.timeZone) }
        deadlineISO = attempt.deadline.map { $0.formatted(.iso8601) }
        var warning =
            "Submitting ends this attempt: your \(answered) answer\(answered == 1 ? "" : "s") become final and can no longer change."
        if summary.unanswered > 0 {
            warning += " \(summary.unanswered) question\(summary.unanswered == 1 ? " is" : "s are") not answered and will score nothing."
        }
        if summary.flagged > 0 {
            warning += " \(summary.flagged) question\(summary.flagged == 1 ? " is" : "s are") still flagged for review."
        }
        confirmation = warning
    }
}
