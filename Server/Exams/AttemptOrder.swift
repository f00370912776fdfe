import ExamPrepShared

/// The order an attempt shows its questions and choices (or a matching question's options)
/// in: drawn when it starts, as the exam's policy says, and kept with the attempt so that a
/// resumed attempt looks the same.
public struct AttemptOrder: Sendable, Equatable {
    public var questions: [StoredQuestion]
    /// Choice keys (or option ids) per question id, in the order the attempt shows them; nil
    /// when the exam does not shuffle choices.
    public var choiceKeys: [Int: [String]]?

    /// Draws the order with the system's random numbers.
    public init(questions: [StoredQuestion], shuffleQuestions: Bool, shuffleChoices: Bool) {
        var random = SystemRandomNumberGenerator()
        self.init(questions: questions, shuffleQuestions: shuffleQuestions, shuffleChoices: shuffleChoices, using: &random)
    }

    /// Draws the order with `random` (a test gives a seeded one, as `PoolStateMachine` is given
    /// its clock).
    public init(questions: [StoredQuestion], shuffleQuestions: Bool, shuffleChoices: Bool, using random: inout some RandomNumberGenerator) {
        self.questions = shuffleQuestions ? questions.shuffled(using: &random) : questions
        guard shuffleChoices else {
            choiceKeys = nil
            return
        }
        var keys: [Int: [String]] = [:]
        for question in questions where keys[question.id] == nil {
            if !question.choices.isEmpty {
                keys[question.id] = question.choices.map(\.key).shuffled(using: &random)
            } else if let options = question.key.options {
                keys[question.id] = options.map(\.id).shuffled(using: &random)
            }
        }
        choiceKeys = keys
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
