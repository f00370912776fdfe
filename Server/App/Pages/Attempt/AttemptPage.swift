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
    /// The page's place in the attempt, 1 for its first (`?q=`; a description counts, unlike
    /// the question's number).
    var position: Int
    /// "Question 2 of 5", in the page's language (the heading's line and the title).
    var progress: String
    var question: QuestionView
    var flagged: Bool
    var nav: [NavItem]
    var hasPrevious: Bool
    var hasNext: Bool
    /// "Ends Tue 25 Nov 2026, 10:40 (Europe/Warsaw)", in the page's language.
    var deadlineText: String?
    /// For the script's countdown: the deadline and the server's clock, ISO 8601.
    var deadlineISO: String?
    var serverTimeISO: String
    /// A fresh key for this form's save, so a form sent twice saves once.
    var saveKey: String
    var error: String?
    /// Whether the page's script reports leaving it (the exam's `policy.focusLog`).
    var focusLog = false
    /// `?place=…` for the form's action (`AttemptPlaceLinks`), or nothing.
    var placeQuery = ""
    /// The page's place (one place per attempt), for moving the attempt back here.
    var place: String?

    /// The page's links and form in `links`' place.
    mutating func carry(_ links: AttemptPlaceLinks) {
        placeQuery = links.query
        place = links.place
        nav = nav.map { item in
            var item = item
            item.href = links.path(item.href)
            return item
        }
    }

    init(
        attempt: StudentAttempt, number: Int, flags: Set<Int>, now: Date, catalogue: Catalogue, typed: String? = nil, error: String? = nil,
        pictures: PictureSizes = .none
    ) {
        let answers = Dictionary(attempt.answers.map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        let answered = Set(attempt.answers.filter { !$0.isEmpty }.map(\.questionId))
        let index = min(max(number, 1), max(attempt.questions.count, 1)) - 1
        attemptID = attempt.attemptId
        position = index + 1
        examTitle = attempt.title
        // A description is no question: it has no number, and is never "not answered".
        let numbers = Self.questionNumbers(attempt.questions)
        count = attempt.questions.filter { $0.kind != .description }.count
        let question = attempt.questions.indices.contains(index) ? attempt.questions[index] : nil
        self.question =
            question.map {
                QuestionView($0, number: numbers[index], saved: answers[$0.id], typed: typed, catalogue: catalogue, pictures: pictures)
            }
            ?? QuestionView(
                StudentQuestion(id: 0, kind: .shortAnswer, prompt: "", points: 0, choices: nil), number: 1, saved: nil, catalogue: catalogue
            )
        progress =
            question?.kind == .description
            ? catalogue.string(Message("attempt.nav-description"))
            : catalogue.string(Message("attempt.progress", ["number": .integer(self.question.number), "count": .integer(count)]))
        flagged = question.map { flags.contains($0.id) } ?? false
        let states = (answered: catalogue.text("attempt.nav-answered") ?? "", unanswered: catalogue.text("attempt.nav-unanswered") ?? "")
        nav = attempt.questions.enumerated().map { position, shown in
            let isAnswered = answered.contains(shown.id)
            let isFlagged = flags.contains(shown.id)
            let label =
                shown.kind == .description
                ? catalogue.string(Message("attempt.nav-description"))
                : catalogue.string(
                    Message(
                        isFlagged ? "attempt.nav-flagged" : "attempt.nav",
                        ["number": .integer(numbers[position]), "state": .text(isAnswered ? states.answered : states.unanswered)]))
            return NavItem(
                number: numbers[position], href: "/attempts/\(attempt.attemptId)?q=\(position + 1)", label: label,
                current: position == index, answered: isAnswered, flagged: isFlagged)
        }
        hasPrevious = index > 0
        hasNext = index + 1 < attempt.questions.count
        deadlineText = attempt.deadline.map {
            catalogue.string(
                Message("attempt.ends", ["time": .text(PageTime.text($0, timeZone: attempt.timeZone, language: catalogue.language))]))
        }
        deadlineISO = attempt.deadline.map { $0.formatted(.iso8601) }
        serverTimeISO = now.formatted(.iso8601)
        saveKey = UUID().uuidString.lowercased()
        self.error = error
    }

    var title: String { progress + " · " + examTitle }

    /// Each question's number as the student sees it, by its place in the attempt: descriptions
    /// are skipped (a description's entry is the number of the question after it).
    static func questionNumbers(_ questions: [StudentQuestion]) -> [Int] {
        var next = 1
        return questions.map { question in
            defer { if question.kind != .description { next += 1 } }
            return next
        }
    }
}
