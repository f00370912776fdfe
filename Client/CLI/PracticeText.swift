import ExamPrepClient
import ExamPrepShared
import Foundation

/// The words of practice and review: an answer's feedback, a right answer as text, and the
/// tables of questions due and mistakes.
enum PracticeText {
    static let maxCount = 50

    static func feedback(_ feedback: PracticeFeedback, question: StudentQuestion) -> String {
        let verdict = Verdict.sentence(correct: feedback.correct, points: feedback.points)
        var text = CLILanguage.text(
            "cli-exam.practice-outcome",
            ["verdict": .message(verdict), "points": .text(Points.text(feedback.points)), "count": .integer(feedback.maxPoints)])
        text += "\n"
        if !feedback.correct, let answer = feedback.rightAnswer {
            text += CLILanguage.text("cli-exam.right-answer", ["answer": .text(rightAnswer(answer, question: question))]) + "\n"
        }
        if let said = feedback.feedback { text += said + "\n" }
        let days = feedback.nextReview.intervalDays
        text += CLILanguage.text("cli-exam.next-review", ["date": .text(feedback.nextReview.dueDate), "count": .integer(days)]) + "\n"
        return text
    }

    /// A right answer as a person reads it: choices by their number with their texts, the
    /// accepted answers, the numbers, the pairs (as `exams take` labels them).
    static func rightAnswer(_ answer: QuestionAnswer, question: StudentQuestion) -> String {
        let labels = ChoiceLabels(question: question)
        func choice(_ id: String) -> String {
            guard let found = question.choices?.first(where: { $0.id == id }) else { return id }
            return "\(labels.choice(id))) \(found.text)"
        }
        switch answer {
        case .bool(let value): return ExamSessionText.truth(value)
        case .text(let value): return question.choices == nil ? value : choice(value)
        case .texts(let values): return values.map { question.choices == nil ? $0 : choice($0) }.joined(separator: "; ")
        case .weightedTexts(let values): return values.filter { ($0.weight ?? 100) >= 100 }.map(\.text).joined(separator: "; ")
        case .numbers(let values):
            return values.filter { ($0.weight ?? 100) >= 100 }.map { number in
                if let min = number.min, let max = number.max {
                    return CLILanguage.text("cli-exam.range", ["min": .text("\(min)"), "max": .text("\(max)")])
                }
                return number.tolerance.map { "\(number.value) ± \($0)" } ?? "\(number.value)"
            }.joined(separator: "; ")
        case .matches(let pairs):
            return labels.pairs(pairs)
        }
    }

    static func dueTable(_ due: [DueReview]) -> String {
        guard !due.isEmpty else { return CLILanguage.text("cli-exam.due.none") }
        return Table(
            headers: ["cli.column.course", "cli.column.question", "cli.column.due", "cli.column.reviews", "cli.column.prompt"].map {
                CLILanguage.text($0)
            },
            rows: due.map { ["\($0.courseId)", "\($0.questionId)", $0.dueDate, "\($0.reviews)", short($0.question.prompt)] }
        ).render() + "\n" + CLILanguage.text("cli-exam.due.review-them")
    }

    static func mistakeTable(_ mistakes: [Mistake]) -> String {
        guard !mistakes.isEmpty else { return CLILanguage.text("cli-exam.mistakes.none") }
        let table = Table(
            headers: [
                "cli.column.course", "cli.column.question", "cli.column.last-wrong", "cli.column.times", "cli.column.where",
                "cli.column.practise-now", "cli.column.prompt",
            ].map { CLILanguage.text($0) },
            rows: mistakes.map {
                [
                    "\($0.courseId)", "\($0.questionId)", moment($0.lastWrongAt), "\($0.wrongCount)",
                    $0.source == .exam
                        ? CLILanguage.text("cli-exam.mistake.exam", ["id": .text($0.examId.map(String.init) ?? "")])
                        : CLILanguage.text("cli-exam.mistake.practice"),
                    CLILanguage.text($0.practiceable ? "cli.yes" : "cli.not-now"),
                    short($0.question.prompt),
                ]
            }
        ).render()
        let later = mistakes.filter { !$0.practiceable }.count
        var courses: [Int] = []
        for mistake in mistakes where mistake.practiceable && !courses.contains(mistake.courseId) { courses.append(mistake.courseId) }
        var text = table + courses.map { "\n" + CLILanguage.text("cli-exam.mistakes.practise", ["course": .integer($0)]) }.joined()
        if later > 0 { text += "\n" + CLILanguage.text("cli-exam.mistakes.later", ["count": .integer(later)]) }
        return text
    }

    private static func short(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
