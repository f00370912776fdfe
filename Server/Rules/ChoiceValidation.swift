import ExamPrepShared
import Foundation

/// The rules of choices, and of a matching question's items and options.
enum ChoiceValidation {
    /// A list of `{id, text}`: `count` entries, ids 1–50 characters and unique, texts 1–1000
    /// whose formulas convert.
    /// `what` names the entries in the refusal of a list too short or too long.
    static func list(_ entries: [Choice]?, count: ClosedRange<Int>, field: String, what: Message) throws -> [Choice] {
        guard let entries, count.contains(entries.count) else {
            throw InvalidInput(
                "validation-question.list-count",
                ["field": .text(field), "min": .integer(count.lowerBound), "max": .integer(count.upperBound), "what": .message(what)])
        }
        var ids = Set<String>()
        return try entries.enumerated().map { index, entry in
            let id = try Validators.text(entry.id, field: "\(field)[\(index)].id", length: 1...50)
            guard ids.insert(id).inserted else {
                throw InvalidInput("validation-question.id-twice", ["field": .text("\(field)[\(index)].id"), "id": .text(id)])
            }
            let text = try Validators.text(entry.text, field: "\(field)[\(index)].text", length: 1...1000)
            return Choice(id: id, text: try FormulaValidation.check(text, field: "\(field)[\(index)].text"))
        }
    }

    /// The choices with their `correct` flags from the answer, which must name existing
    /// choices: exactly one for single choice, at least one (each once) for multiple choice.
    /// Weights are optional. For single choice the right one is worth 100 % (another may be
    /// too: either is right); for multiple choice the weights of the right choices (those above 0) add up to
    /// 100 %, as Moodle asks.
    static func choices(_ question: QuestionDraft, field: String) throws -> [ValidChoice] {
        let listed = try list(
            question.choices, count: QuestionValidation.choiceCount, field: "\(field).choices",
            what: Message("validation-question.what.choices", ["kind": .text(question.kind.rawValue)]))
        guard let named = question.answer?.strings else {
            throw InvalidInput(
                question.kind == .multipleChoice ? "validation-question.name-right-choices" : "validation-question.name-right-choice",
                ["field": .text(field + ".answer")])
        }
        let correct = named.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if question.kind == .singleChoice, correct.count != 1 {
            throw InvalidInput("validation-question.exactly-one-choice", ["field": .text(field + ".answer")])
        }
        guard !correct.isEmpty else { throw InvalidInput("validation-question.at-least-one-choice", ["field": .text(field + ".answer")]) }
        guard Set(correct).count == correct.count else {
            throw InvalidInput("validation-question.choice-twice", ["field": .text(field + ".answer")])
        }
        let ids = Set(listed.map(\.id))
        for key in correct where !ids.contains(key) {
            throw InvalidInput("validation-question.not-a-choice-id", ["field": .text(field + ".answer"), "choice": .text(key)])
        }
        let given = question.choices ?? []
        let valid = try listed.enumerated().map { index, choice in
            let source = given[index]
            return ValidChoice(
                key: choice.id, text: choice.text, correct: correct.contains(choice.id),
                weight: try QuestionValidation.weight(source.weight, field: "\(field).choices[\(index)].weight"),
                feedback: try QuestionValidation.feedback(source.feedback, field: "\(field).choices[\(index)].feedback"),
                image: try ImageValidation.image(source.image, field: "\(field).choices[\(index)].image"))
        }
        try checkWeights(valid, kind: question.kind, field: field)
        return valid
    }

    private static func checkWeights(_ choices: [ValidChoice], kind: QuestionKind, field: String) throws {
        guard choices.contains(where: { $0.weight != nil }) else { return }
        for (index, choice) in choices.enumerated() {
            let weight = choice.weight ?? (choice.correct ? 100 : 0)
            if choice.correct, weight <= 0 {
                throw InvalidInput("validation-question.right-weight-above-zero", ["field": .text("\(field).choices[\(index)].weight")])
            }
            if kind == .singleChoice, choice.correct, weight != 100 {
                throw InvalidInput("validation-question.right-weight-100", ["field": .text("\(field).choices[\(index)].weight")])
            }
            if kind == .multipleChoice, !choice.correct, weight > 0 {
                throw InvalidInput("validation-question.weighted-not-named", ["field": .text("\(field).choices[\(index)]")])
            }
        }
        if kind == .multipleChoice {
            let total = choices.filter(\.correct).reduce(0.0) { $0 + ($1.weight ?? 0) }
            guard abs(total - 100) < 0.01 else {
                throw InvalidInput(
                    "validation-question.weights-total", ["field": .text(field + ".choices"), "total": .decimal(total)])
            }
        }
    }
}
