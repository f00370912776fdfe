import ExamPrepFormulas
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
        /// `prompt` and `feedback` as HTML, their formulas as MathML (`RichText.shown`); stored,
        /// as the template reads an `Item` by reflection.
        var promptHTML: String
        var feedbackHTML: String?
        /// The question's picture, under its prompt.
        var picture: PictureView? = nil
    }

    var examID: Int
    var examTitle: String
    var attemptNumber: Int
    /// "Submitted Tue 25 Nov 2026, 10:40 (Europe/Warsaw).", in the page's language.
    var submittedText: String
    var autoSubmitted: Bool
    var justSubmitted: Bool
    var scoreText: String?
    /// Said after the score while an essay waits to be graded by hand (nil: the score is final).
    var pendingNote: String?
    /// "Grade: 4": the score's grade on the course's scale (nil without a scale, a score shown,
    /// or while it is pending).
    var gradeText: String?
    var items: [Item]
    var hasItems: Bool

    /// `pictures`: the size of the questions' pictures.
    init(attempt: StudentAttempt, justSubmitted: Bool, catalogue: Catalogue, pictures: PictureSizes = .none) {
        examID = attempt.examId
        examTitle = attempt.title
        attemptNumber = attempt.number
        submittedText =
            attempt.submittedAt.map {
                catalogue.string(
                    Message(
                        "attempt.submitted-at", ["time": .text(PageTime.text($0, timeZone: attempt.timeZone, language: catalogue.language))]
                    ))
            } ?? ""
        autoSubmitted = attempt.result?.autoSubmitted ?? false
        self.justSubmitted = justSubmitted
        let result = attempt.result
        scoreText = result.flatMap { result in
            guard let score = result.score, let max = result.maxScore else { return nil }
            let percent = max > 0 ? " (\(Int((score / max * 100).rounded())) %)" : ""
            return catalogue.string(
                Message("attempt.score-text", ["score": .decimal(score), "max": .decimal(max), "percent": .text(percent)]))
        }
        pendingNote = result?.needsGrading == true && scoreText != nil ? Self.pendingNote(catalogue) : nil
        gradeText = result?.grade.map { catalogue.string(Message("grades.grade-is", ["grade": .text($0)])) }
        let answers = Dictionary(attempt.answers.map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        let results = Dictionary((result?.results ?? []).map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        items = attempt.questions.enumerated().compactMap { index, question in
            guard let outcome = results[question.id] else { return nil }
            return Item(
                number: index + 1, prompt: question.prompt, given: AnswerText.given(answers[question.id], to: question, catalogue),
                outcome: Self.outcome(outcome, points: question.points, catalogue),
                rightAnswer: outcome.rightAnswer.map { AnswerText.right($0, to: question, catalogue) }, feedback: outcome.feedback,
                promptHTML: RichText.shown(question.prompt), feedbackHTML: outcome.feedback.map { RichText.shown($0) },
                picture: PictureView(question.image, sizes: pictures))
        }
        hasItems = !items.isEmpty
    }

    /// What a score that waits for an essay says after it (the review, the grades page), in the
    /// catalogue's language.
    static func pendingNote(_ catalogue: Catalogue) -> String {
        catalogue.string(Message("attempt.pending-note"))
    }

    /// The same in English (the grades page, until it is drawn in the reader's language).
    static var pendingNote: String { pendingNote(.of(.en)) }

    private static func outcome(_ result: QuestionResult, points: Int, _ catalogue: Catalogue) -> String? {
        guard let correct = result.correct else { return nil }
        let scored =
            result.points.map {
                " (" + catalogue.string(Message("attempt.outcome-points", ["points": .decimal($0), "count": .integer(points)])) + ")"
            } ?? ""
        let word: String
        if correct {
            word = "attempt.right"
        } else if let got = result.points, got > 0 {
            word = "attempt.partly-right"
        } else {
            word = "attempt.wrong"
        }
        return catalogue.string(Message(word)) + scored
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
    /// `?place=…` for the links back and the submit form (`AttemptPlaceLinks`), or nothing.
    var placeQuery = ""

    /// The page's links and form in `links`' place.
    mutating func carry(_ links: AttemptPlaceLinks) {
        placeQuery = links.query
        rows = rows.map { row in
            var row = row
            row.href = links.path(row.href)
            return row
        }
    }

    init(attempt: StudentAttempt, summary: AttemptSummary, catalogue: Catalogue) {
        attemptID = attempt.attemptId
        examTitle = attempt.title
        let status = (
            answered: catalogue.text("attempt.status-answered") ?? "", unanswered: catalogue.text("attempt.status-unanswered") ?? ""
        )
        // A description is no question: not listed, not counted, never "not answered".
        let descriptions = Set(attempt.questions.filter { $0.kind == .description }.map(\.id))
        let numbers = AttemptPage.questionNumbers(attempt.questions)
        let questions = summary.questions.filter { !descriptions.contains($0.questionId) }
        rows = questions.map { question in
            Row(
                number: numbers.indices.contains(question.number - 1) ? numbers[question.number - 1] : question.number,
                href: "/attempts/\(attempt.attemptId)?q=\(question.number)",
                status: question.answered ? status.answered : status.unanswered, flagged: question.flagged)
        }
        count = questions.count
        unanswered = summary.unanswered
        answered = count - summary.unanswered
        flagged = summary.flagged
        deadlineText = attempt.deadline.map {
            catalogue.string(
                Message("attempt.ends", ["time": .text(PageTime.text($0, timeZone: attempt.timeZone, language: catalogue.language))]))
        }
        deadlineISO = attempt.deadline.map { $0.formatted(.iso8601) }
        var warning = catalogue.string(Message("attempt.confirm-answers", ["count": .integer(answered)]))
        if summary.unanswered > 0 {
            warning += " " + catalogue.string(Message("attempt.confirm-unanswered", ["count": .integer(summary.unanswered)]))
        }
        if summary.flagged > 0 {
            warning += " " + catalogue.string(Message("attempt.confirm-flagged", ["count": .integer(summary.flagged)]))
        }
        confirmation = warning
    }
}
