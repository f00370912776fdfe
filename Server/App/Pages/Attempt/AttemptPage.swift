import ExamPrepShared
import Foundation

/// A running attempt's page: one question, the navigation panel, the buttons, the deadline.
struct AttemptPage: Sendable {
    /// One link of the navigation panel, whose text says the question's state.
    struct NavItem: Sendable {
        var number: Int
        var href: String
        var label: String
        var current: Bool
        var answered: Bool
        var flagged: Bool
    }

    var attemptID: Int
    var examTitle: String
    var count: Int
    var question: QuestionView
    var flagged: Bool
    var nav: [NavItem]
    var hasPrevious: Bool
    var hasNext: Bool
    /// "Ends Tue 25 Nov 2026, 10:40 (Europe/Warsaw)".
    var deadlineText: String?
    /// For the script's countdown: the deadline and the server's clock, ISO 8601.
    var deadlineISO: String?
    var serverTimeISO: String
    /// A fresh key for this form's save, so a form sent twice saves once.
    var saveKey: String
    var error: String?

    init(attempt: StudentAttempt, number: Int, flags: Set<Int>, now: Date, typed: String? = nil, error: String? = nil) {
        let answers = Dictionary(attempt.answers.map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        let answered = Set(attempt.answers.filter { !$0.isEmpty }.map(\.questionId))
        let index = min(max(number, 1), max(attempt.questions.count, 1)) - 1
        attemptID = attempt.attemptId
        examTitle = attempt.title
        count = attempt.questions.count
        let question = attempt.questions.indices.contains(index) ? attempt.questions[index] : nil
        self.question =
            question.map { QuestionView($0, number: index + 1, saved: answers[$0.id], typed: typed) }
            ?? QuestionView(StudentQuestion(id: 0, kind: .shortAnswer, prompt: "", points: 0, choices: nil), number: 1, saved: nil)
        flagged = question.map { flags.contains($0.id) } ?? false
        nav = attempt.questions.enumerated().map { position, shown in
            let isAnswered = answered.contains(shown.id)
            let isFlagged = flags.contains(shown.id)
            var label = "Question \(position + 1), " + (isAnswered ? "answered" : "not answered")
            if isFlagged { label += ", flagged" }
            return NavItem(
                number: position + 1, href: "/attempts/\(attempt.attemptId)?q=\(position + 1)", label: label, current: position == index,
                answered: isAnswered, flagged: isFlagged)
        }
        hasPrevious = index > 0
        hasNext = index + 1 < attempt.questions.count
        deadlineText = attempt.deadline.map { "Ends " + PageTime.text($0, timeZone: attempt.timeZone) }
        deadlineISO = attempt.deadline.map { $0.formatted(.iso8601) }
        serverTimeISO = now.formatted(.iso8601)
        saveKey = UUID().uuidString.lowercased()
        self.error = error
    }

    var title: String { "Question \(question.number) of \(count) · \(examTitle)" }
}
