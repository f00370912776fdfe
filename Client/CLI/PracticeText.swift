import ExamPrepClient
import ExamPrepShared
import Foundation

/// The words of practice and review: an answer's feedback, a right answer as text, and the
/// tables of questions due and mistakes.
enum PracticeText {
    static let maxCount = 50

    static func feedback(_ feedback: PracticeFeedback, question: StudentQuestion) -> String {
        var text = Verdict.sentence(correct: feedback.correct, points: feedback.points)
        text += ": \(Points.text(feedback.points))/\(feedback.maxPoints) point\(feedback.maxPoints == 1 ? "" : "s").\n"
        if !feedback.correct, let answer = feedback.rightAnswer {
            text += "The right answer: \(rightAnswer(answer, question: question))\n"
        }
        if let said = feedback.feedback { text += said + "\n" }
        let days = feedback.nextReview.intervalDays
        text += "Next review: \(feedback.nextReview.dueDate) (in \(days) day\(days == 1 ? "" : "s")).\n"
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
        case .bool(let value): return value ? "true" : "false"
        case .text(let value): return question.choices == nil ? value : choice(value)
        case .texts(let values): return values.map { question.choices == nil ? $0 : choice($0) }.joined(separator: "; ")
        case .weightedTexts(let values): return values.filter { ($0.weight ?? 100) >= 100 }.map(\.text).joined(separator: "; ")
        case .numbers(let values):
            return values.filter { ($0.weight ?? 100) >= 100 }.map { number in
                if let min = number.min, let max = number.max { return "\(min) to \(max)" }
                return number.tolerance.map { "\(number.value) ± \($0)" } ?? "\(number.value)"
            }.joined(separator: "; ")
        case .matches(let pairs):
            return labels.pairs(pairs)
        }
    }

    static func dueTable(_ due: [DueReview]) -> String {
        guard !due.isEmpty else { return "Nothing is due for review today." }
        return Table(
            headers: ["COURSE", "QUESTION", "DUE", "REVIEWS", "PROMPT"],
            rows: due.map { ["\($0.courseId)", "\($0.questionId)", $0.dueDate, "\($0.reviews)", short($0.question.prompt)] }
        ).render() + "\nReview them with: examprep review"
    }

    static func mistakeTable(_ mistakes: [Mistake]) -> String {
        guard !mistakes.isEmpty else { return "No mistakes to practise." }
        let table = Table(
            headers: ["COURSE", "QUESTION", "LAST WRONG", "TIMES", "WHERE", "PRACTISE NOW", "PROMPT"],
            rows: mistakes.map {
                [
                    "\($0.courseId)", "\($0.questionId)", moment($0.lastWrongAt), "\($0.wrongCount)",
                    $0.source == .exam ? "exam \($0.examId.map(String.init) ?? "")" : "practice", $0.practiceable ? "yes" : "not now",
                    short($0.question.prompt),
                ]
            }
        ).render()
        let later = mistakes.filter { !$0.practiceable }.count
        var courses: [Int] = []
        for mistake in mistakes where mistake.practiceable && !courses.contains(mistake.courseId) { courses.append(mistake.courseId) }
        var text = table + courses.map { "\nPractise these: examprep practice --course \($0) --mistakes" }.joined()
        if later > 0 {
            text +=
                "\n\(later == 1 ? "One is" : "\(later) are") not open for practice now (not opened by your teacher, or held back "
                + "while an exam that uses \(later == 1 ? "it" : "them") is open)."
        }
        return text
    }

    private static func short(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(59)) + "…" : line
    }
}
