import ExamPrepShared

/// Answers in words, for the review: a choice by its text, a match as "item → option".
/// The words are the catalogue's, in the page's language.
enum AnswerText {
    static func given(_ answer: AnswerInput?, to question: StudentQuestion, _ catalogue: Catalogue) -> String {
        let unanswered = catalogue.string(Message("attempt.status-unanswered"))
        guard let answer, !answer.isEmpty else { return unanswered }
        if let ids = answer.choiceIds { return ids.map { choiceText($0, question.choices) }.joined(separator: "; ") }
        if let value = answer.value { return truth(value, catalogue) }
        if let text = answer.text { return text }
        if let number = answer.number { return QuestionView.numberText(number, catalogue.language) }
        if let matches = answer.matches { return matchesText(matches, question) }
        return unanswered
    }

    static func right(_ answer: QuestionAnswer, to question: StudentQuestion, _ catalogue: Catalogue) -> String {
        let or = "; " + catalogue.string(Message("attempt.or")) + " "
        switch answer {
        case .bool(let value): return truth(value, catalogue)
        case .matches(let pairs): return matchesText(pairs, question)
        case .numbers(let numbers):
            return numbers.map { number in
                if let min = number.min, let max = number.max {
                    return catalogue.string(
                        Message(
                            "attempt.range",
                            [
                                "min": .text(QuestionView.numberText(min, catalogue.language)),
                                "max": .text(QuestionView.numberText(max, catalogue.language)),
                            ]))
                }
                let tolerance = number.tolerance.map { $0 > 0 ? " ± \(QuestionView.numberText($0, catalogue.language))" : "" } ?? ""
                return QuestionView.numberText(number.value, catalogue.language) + tolerance
            }.joined(separator: or)
        case .text, .texts, .weightedTexts:
            let strings = answer.strings ?? []
            if question.kind.hasChoices { return strings.map { choiceText($0, question.choices) }.joined(separator: "; ") }
            return strings.joined(separator: or)
        }
    }

    /// "True" or "False".
    private static func truth(_ value: Bool, _ catalogue: Catalogue) -> String {
        catalogue.string(Message(value ? "attempt.true" : "attempt.false"))
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
