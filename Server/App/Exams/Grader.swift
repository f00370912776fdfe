import ExamPrepShared
import Foundation

/// How one question of an attempt went.
struct GradedQuestion: Sendable, Equatable {
    var questionId: Int
    var correct: Bool
    var points: Double
}

/// An attempt graded: its score, its maximum and each question's outcome.
struct Grading: Sendable, Equatable {
    var score: Double
    var maxScore: Double
    var questions: [GradedQuestion]
}

/// Grades answers: all or nothing per question. A multiple-choice question needs exactly
/// the right set of choices; a short answer matches an accepted one after trimming, Unicode
/// normalisation and case folding.
enum Grader {
    static func grade(_ question: StoredQuestion, answer: AnswerInput?) -> GradedQuestion {
        let correct = answer.map { isCorrect($0, for: question) } ?? false
        return GradedQuestion(questionId: question.id, correct: correct, points: correct ? Double(question.points) : 0)
    }

    /// Grades every question of an exam; questions without an answer are wrong.
    static func grade(_ questions: [StoredQuestion], answers: [AnswerInput]) -> Grading {
        let byQuestion = Dictionary(answers.map { ($0.questionId, $0) }, uniquingKeysWith: { _, last in last })
        let graded = questions.map { grade($0, answer: byQuestion[$0.id]) }
        return Grading(
            score: graded.reduce(0) { $0 + $1.points }, maxScore: questions.reduce(0) { $0 + Double($1.points) }, questions: graded)
    }

    static func isCorrect(_ answer: AnswerInput, for question: StoredQuestion) -> Bool {
        switch question.kind {
        case .singleChoice, .multipleChoice:
            guard let chosen = answer.choiceIds else { return false }
            return Set(chosen) == Set(question.choices.filter(\.correct).map(\.key))
        case .trueFalse:
            return answer.value != nil && answer.value == question.correctValue
        case .shortAnswer:
            guard let text = answer.text else { return false }
            let given = normalized(text)
            return !given.isEmpty && question.acceptedAnswers.contains { normalized($0) == given }
        }
    }

    /// Trimmed, in Unicode NFC, case-folded: "  Ärger " and "a\u{308}rger" compare equal.
    static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
            .precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
    }
}
