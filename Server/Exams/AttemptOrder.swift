import ExamPrepShared

/// The order an attempt shows its questions and choices (or a matching question's options)
/// in: drawn when it starts, as the exam's policy says, and kept with the attempt so that a
/// resumed attempt looks the same.
public struct AttemptOrder: Sendable, Equatable {
    public var questions: [StoredQuestion]
    /// Choice keys (or option ids) per question id, in the order the attempt shows them; nil
    /// when the exam does not shuffle choices.
    public var choiceKeys: [Int: [String]]?

    public init(questions: [StoredQuestion], shuffleQuestions: Bool, shuffleChoices: Bool) {
        self.questions = shuffleQuestions ? questions.shuffled() : questions
        choiceKeys =
            shuffleChoices
            ? Dictionary(
                questions.compactMap { question in
                    if !question.choices.isEmpty { return (question.id, question.choices.map(\.key).shuffled()) }
                    if let options = question.key.options { return (question.id, options.map(\.id).shuffled()) }
                    return nil
                }, uniquingKeysWith: { first, _ in first }) : nil
    }

    /// `questions` (in the attempt's order already), each with its choices, or a matching
    /// question's options, in the order `choiceKeys` gives; a key it does not name goes last.
    public static func ordered(_ questions: [StoredQuestion], choiceKeys: [Int: [String]]?) -> [StoredQuestion] {
        guard let choiceKeys else { return questions }
        return questions.map { question in
            guard let keys = choiceKeys[question.id] else { return question }
            let position = Dictionary(keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            var ordered = question
            ordered.choices.sort { (position[$0.key] ?? Int.max) < (position[$1.key] ?? Int.max) }
            ordered.key.options?.sort { (position[$0.id] ?? Int.max) < (position[$1.id] ?? Int.max) }
            return ordered
        }
    }
}
