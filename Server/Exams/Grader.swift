import ExamPrepShared
import Foundation

/// How one question of an attempt went.
public struct GradedQuestion: Sendable, Equatable {
    public var questionId: Int
    /// It earned all its points.
    public var correct: Bool
    public var points: Double
    /// What its author wrote for this answer: the chosen choices' or the matched answer's
    /// feedback, or that for a right or wrong answer, then the general feedback.
    public var feedback: String?
    /// An essay not graded yet: its points (0) are not final.
    public var pending: Bool

    public init(questionId: Int, correct: Bool, points: Double, feedback: String?, pending: Bool = false) {
        self.pending = pending
        self.questionId = questionId
        self.correct = correct
        self.points = points
        self.feedback = feedback
    }
}

/// An attempt graded: its score, its maximum and each question's outcome.
public struct Grading: Sendable, Equatable {
    public var score: Double
    public var maxScore: Double
    public var questions: [GradedQuestion]

    /// An essay in it waits to be graded by hand: the score is not final.
    public var needsGrading: Bool { questions.contains(where: \.pending) }

    public init(score: Double, maxScore: Double, questions: [GradedQuestion]) {
        self.score = score
        self.maxScore = maxScore
        self.questions = questions
    }
}

/// Grades answers as Moodle does. Each question earns a share of its points, never below 0
/// nor above all of them, rounded to two decimals:
///
/// - single choice: the chosen choice's weight (100 % for the right one, 0 for the others
///   unless they carry a weight);
/// - multiple choice: without weights, all or nothing (exactly the right set); with weights,
///   the sum of the chosen choices' weights;
/// - true/false: all or nothing;
/// - short answer: the weight of the first accepted answer that matches after trimming,
///   Unicode normalisation and case folding (`*` stands for any text);
/// - numerical: the weight of the first answer whose tolerance or range holds the number;
/// - matching: the share of the items matched right;
/// - essay: nothing yet, pending until a teacher grades it.
public enum Grader {
    public static func grade(_ question: StoredQuestion, answer: AnswerInput?) -> GradedQuestion {
        if question.kind == .essay {
            return GradedQuestion(questionId: question.id, correct: false, points: 0, feedback: nil, pending: true)
        }
        let scored = answer.map { score($0, for: question) } ?? Score(fraction: 0, feedback: nil)
        let fraction = min(max(scored.fraction, 0), 1)
        let points = (Double(question.points) * fraction * 100).rounded() / 100
        let right = fraction >= 1
        let verdict = scored.feedback ?? (right ? question.key.feedbackWhenRight : question.key.feedbackWhenWrong)
        let feedback = [verdict, question.generalFeedback].compactMap { $0 }.joined(separator: "\n\n")
        return GradedQuestion(questionId: question.id, correct: right, points: points, feedback: feedback.isEmpty ? nil : feedback)
    }

    /// Grades every question of an attempt; questions without an answer earn nothing, and
    /// descriptions are left out (they are not scored).
    public static func grade(_ questions: [StoredQuestion], answers: [AnswerInput]) -> Grading {
        let byQuestion = Dictionary(answers.map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        let questions = questions.filter(\.kind.isScored)
        let graded = questions.map { grade($0, answer: byQuestion[$0.id]) }
        return Grading(
            score: (graded.reduce(0) { $0 + $1.points } * 100).rounded() / 100,
            maxScore: questions.reduce(0) { $0 + Double($1.points) }, questions: graded)
    }

    struct Score {
        var fraction: Double
        var feedback: String?
    }

    static func score(_ answer: AnswerInput, for question: StoredQuestion) -> Score {
        switch question.kind {
        case .singleChoice, .multipleChoice: choiceScore(answer.choiceIds ?? [], question)
        case .trueFalse: Score(fraction: answer.value != nil && answer.value == question.correctValue ? 1 : 0)
        case .shortAnswer: textScore(answer.text, question.textAnswers)
        case .numerical: numberScore(answer.number, question.key.numbers ?? [])
        case .matching: matchingScore(answer.matches ?? [:], question.key.pairs ?? [:])
        case .essay, .description: Score(fraction: 0)
        }
    }

    private static func choiceScore(_ chosen: [String], _ question: StoredQuestion) -> Score {
        let picked = question.choices.filter { chosen.contains($0.key) }
        let feedback = picked.compactMap(\.feedback).joined(separator: "\n")
        let said = feedback.isEmpty ? nil : feedback
        guard question.hasWeightedChoices else {
            let right = !chosen.isEmpty && Set(chosen) == Set(question.choices.filter(\.correct).map(\.key))
            return Score(fraction: right ? 1 : 0, feedback: said)
        }
        let total = picked.reduce(0.0) { $0 + ($1.weight ?? ($1.correct ? 100 : 0)) }
        return Score(fraction: total / 100, feedback: said)
    }

    private static func textScore(_ text: String?, _ answers: [TextAnswer]) -> Score {
        guard let text else { return Score(fraction: 0) }
        let given = normalized(text)
        guard !given.isEmpty, let match = answers.first(where: { Wildcard.matches(normalized($0.text), given) }) else {
            return Score(fraction: 0)
        }
        return Score(fraction: (match.weight ?? 100) / 100, feedback: match.feedback)
    }

    private static func numberScore(_ number: Double?, _ answers: [NumericalAnswer]) -> Score {
        guard let number, let match = answers.first(where: { $0.accepts(number) }) else { return Score(fraction: 0) }
        return Score(fraction: (match.weight ?? 100) / 100, feedback: match.feedback)
    }

    private static func matchingScore(_ given: [String: String], _ pairs: [String: String]) -> Score {
        guard !pairs.isEmpty else { return Score(fraction: 0) }
        let right = pairs.filter { item, option in given[item] == option }.count
        return Score(fraction: Double(right) / Double(pairs.count))
    }

    /// Trimmed, in Unicode NFC, case-folded: "  Ärger " and "a\u{308}rger" compare equal.
    static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
    }
}

/// Moodle's short-answer patterns: `*` stands for any text (none included); everything else
/// must match as it is.
enum Wildcard {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        guard pattern.contains("*") else { return pattern == text }
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first, let last = parts.last, text.hasPrefix(first) else { return false }
        var rest = Substring(text.dropFirst(first.count))
        for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
            guard let found = rest.range(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return parts.count == 1 ? rest.isEmpty : rest.hasSuffix(last) && rest.count >= last.count
    }
}
