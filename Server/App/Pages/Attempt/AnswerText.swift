import ExamPrepShared

/// Answers in words, for the review: a choice by its text, a match as "item → option".
enum AnswerText {
    static func given(_ answer: AnswerInput?, to question: StudentQuestion) -> String {
        guard let answer, !answer.isEmpty else { return "Not answered" }
        if let ids = answer.choiceIds { return ids.map { choiceText($0, question.choices) }.joined(separator: "; ") }
        if let value = answer.value { return value ? "True" : "False" }
        if let text = answer.text { return text }
        if let number = answer.number { return QuestionView.numberText(number) }
        if let matches = answer.matches { return matchesText(matches, question) }
        return "Not answered"
    }

    static func right(_ answer: QuestionAnswer, to question: StudentQuestion) -> String {
        switch answer {
        case .bool(let value): return value ? "True" : "False"
        case .matches(let pairs): return matchesText(pairs, question)
        case .numbers(let numbers):
            return numbers.map { number in
                if let min = number.min, let max = number.max {
                    return "from \(QuestionView.numberText(min)) to \(QuestionView.numberText(max))"
                }
                let tolerance = number.tolerance.map { $0 > 0 ? " ± \(QuestionView.numberText($0))" : "" } ?? ""
                return QuestionView.numberText(number.value) + tolerance
            }.joined(separator: "; or ")
        case .text, .texts, .weightedTexts:
            let strings = answer.strings ?? []
            if question.kind.hasChoices { return strings.map { choiceText($0, question.choices) }.joined(separator: "; ") }
            return strings.joined(separator: "; or ")
        }
    }

    private static func choiceText(_ id: String, _ choices: [Choice]?) -> String {
        choices?.first { $0.id == id }?.text ?? id
    }

    private static func matchesText(_ pairs: [String: String], _ question: StudentQuestion) -> String {
        (question.items ?? []).compactMap { item in
            pairs[item.id].map { item.text + " → " + choiceText($0, question.options) }
        }.joined(separator: "; ")
    }
}
