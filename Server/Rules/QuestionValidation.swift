import ExamPrepExams
import ExamPrepShared
import Foundation

/// The rules of a question (docs/API.md, "Exams and grades" and "Question banks"): each broken
/// one is `InvalidInput` whose message names the field, e.g. `questions[2].answer`. A question
/// that could not be graded is refused.
public enum QuestionValidation {
    static let choiceCount = 2...50
    static let itemCount = 2...50
    static let optionCount = 2...100
    static let acceptedAnswerCount = 1...50
    static let points = 1...1000
    static let weights = -100.0...100.0
    static let tagCount = 0...20
    static let feedbackLength = 0...5000

    public static func validate(_ question: QuestionDraft, field: String) throws -> ValidQuestion {
        let prompt = try FormulaValidation.check(
            try Validators.text(question.prompt, field: "\(field).prompt", length: 1...5000), field: "\(field).prompt")
        if question.kind == .description { return try description(question, prompt: prompt, field: field) }
        guard points.contains(question.points) else {
            throw InvalidInput(
                "validation-question.points",
                ["field": .text(field + ".points"), "min": .integer(points.lowerBound), "max": .integer(points.upperBound)])
        }
        var valid = ValidQuestion(kind: question.kind, prompt: prompt, points: question.points)
        valid.textFormat = question.textFormat ?? .moodle
        valid.generalFeedback = try feedback(question.generalFeedback, field: "\(field).generalFeedback")
        valid.key.feedbackWhenRight = try feedback(question.feedbackWhenRight, field: "\(field).feedbackWhenRight")
        valid.key.feedbackWhenWrong = try feedback(question.feedbackWhenWrong, field: "\(field).feedbackWhenWrong")
        valid.bank = try bankFields(question, field: field)
        valid.image = try ImageValidation.image(question.image, field: "\(field).image")
        if !question.kind.hasChoices, question.choices != nil {
            throw InvalidInput("validation-question.choices-only-for-choice", ["field": .text(field + ".choices")])
        }
        if question.kind != .matching, question.items != nil || question.options != nil {
            throw InvalidInput("validation-question.items-only-for-matching", ["field": .text(field + ".items")])
        }
        if question.kind != .essay, question.graderInfo != nil {
            throw InvalidInput("validation-question.grader-info-only-for-essay", ["field": .text(field + ".graderInfo")])
        }
        switch question.kind {
        case .singleChoice, .multipleChoice:
            valid.choices = try ChoiceValidation.choices(question, field: field)
        case .trueFalse:
            guard case .bool(let value)? = question.answer else {
                throw InvalidInput("validation-question.true-or-false", ["field": .text(field + ".answer")])
            }
            valid.correctValue = value
        case .shortAnswer:
            valid.textAnswers = try textAnswers(question.answer ?? .texts([]), field: "\(field).answer")
        case .numerical:
            valid.key.numbers = try numbers(question.answer ?? .texts([]), field: "\(field).answer")
        case .matching:
            try matching(question, into: &valid.key, field: field)
        case .essay:
            try essay(question, into: &valid, field: field)
        case .description:
            break
        }
        return valid
    }

    /// An essay: no answer (a teacher grades it), notes for the grader, never practised.
    private static func essay(_ question: QuestionDraft, into valid: inout ValidQuestion, field: String) throws {
        guard question.answer == nil, question.feedbackWhenRight == nil, question.feedbackWhenWrong == nil else {
            throw InvalidInput("validation-question.essay-no-answer", ["field": .text(field)])
        }
        guard question.practice != true else {
            throw InvalidInput("validation-question.essay-not-practised", ["field": .text(field + ".practice")])
        }
        valid.graderInfo = try feedback(question.graderInfo, field: "\(field).graderInfo")
    }

    /// A description: its prompt and bank fields only, worth nothing, never practised.
    private static func description(_ question: QuestionDraft, prompt: String, field: String) throws -> ValidQuestion {
        guard question.points == 0 else {
            throw InvalidInput("validation-question.description-points", ["field": .text(field + ".points")])
        }
        let answered = question.answer != nil || question.choices != nil || question.items != nil || question.options != nil
        let feedback = question.generalFeedback ?? question.feedbackWhenRight ?? question.feedbackWhenWrong
        guard !answered, feedback == nil else {
            throw InvalidInput("validation-question.description-prompt-only", ["field": .text(field)])
        }
        guard question.practice != true else {
            throw InvalidInput("validation-question.description-not-practised", ["field": .text(field + ".practice")])
        }
        var valid = ValidQuestion(kind: .description, prompt: prompt, points: 0)
        valid.textFormat = question.textFormat ?? .moodle
        valid.bank = try bankFields(question, field: field)
        valid.image = try ImageValidation.image(question.image, field: "\(field).image")
        return valid
    }

    /// Feedback: trimmed, at most 5000 characters, its formulas converting; empty is none.
    static func feedback(_ text: String?, field: String) throws -> String? {
        guard let text else { return nil }
        let trimmed = try FormulaValidation.check(try Validators.text(text, field: field, length: feedbackLength), field: field)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A weight in percent of the question's points, −100…100.
    static func weight(_ weight: Double?, field: String) throws -> Double? {
        guard let weight else { return nil }
        guard weight.isFinite, weights.contains(weight) else { throw InvalidInput("validation-question.weight", ["field": .text(field)]) }
        return (weight * 100_000).rounded() / 100_000
    }

    static func bankFields(_ question: QuestionDraft, field: String) throws -> BankFields {
        var fields = BankFields(practice: question.practice ?? false)
        if let name = question.name {
            let trimmed = try Validators.text(name, field: "\(field).name", length: 0...255)
            fields.name = trimmed.isEmpty ? nil : trimmed
        }
        fields.topic = try question.topic.flatMap { try topic($0, field: "\(field).topic") }
        fields.tags = try tags(question.tags ?? [], field: "\(field).tags")
        return fields
    }

    /// A topic path "a/b/c": segments of 1–100 characters, trimmed, at most 10; empty is none.
    public static func topic(_ raw: String, field: String) throws -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard segments.count <= 10, segments.allSatisfy({ !$0.isEmpty }) else {
            throw InvalidInput("validation-question.topic-path", ["field": .text(field)])
        }
        return try segments.enumerated().map { index, segment in
            try Validators.text(
                segment, field: .message(Message("validation-question.topic-part", ["field": .text(field), "part": .integer(index + 1)])),
                length: 1...100)
        }.joined(separator: "/")
    }

    /// Tags: at most 20, each 1–50 characters, trimmed, each once (the first spelling kept).
    public static func tags(_ raw: [String], field: String) throws -> [String] {
        guard tagCount.contains(raw.count) else {
            throw InvalidInput("validation-question.too-many-tags", ["field": .text(field), "count": .integer(tagCount.upperBound)])
        }
        var seen = Set<String>()
        return try raw.enumerated().compactMap { index, tag in
            let trimmed = try Validators.text(tag, field: "\(field)[\(index)]", length: 1...50)
            return seen.insert(trimmed.lowercased()).inserted ? trimmed : nil
        }
    }

    private static func textAnswers(_ answer: QuestionAnswer, field: String) throws -> [TextAnswer] {
        guard let answers = answer.textAnswers, acceptedAnswerCount.contains(answers.count) else {
            throw InvalidInput(
                "validation-question.text-answers",
                ["field": .text(field), "min": .integer(acceptedAnswerCount.lowerBound), "max": .integer(acceptedAnswerCount.upperBound)])
        }
        let valid = try answers.enumerated().map { index, answer in
            TextAnswer(
                text: try Validators.text(answer.text, field: "\(field)[\(index)]", length: 1...500),
                weight: try weight(answer.weight, field: "\(field)[\(index)].weight"),
                feedback: try feedback(answer.feedback, field: "\(field)[\(index)].feedback"))
        }
        guard valid.contains(where: { ($0.weight ?? 100) > 0 }) else {
            throw InvalidInput("validation-question.no-right-answer", ["field": .text(field)])
        }
        return valid
    }

    private static func numbers(_ answer: QuestionAnswer, field: String) throws -> [NumericalAnswer] {
        guard case .numbers(let answers) = answer, acceptedAnswerCount.contains(answers.count) else {
            throw InvalidInput("validation-question.numbers", ["field": .text(field)])
        }
        let valid = try answers.enumerated().map { index, answer in
            let at = "\(field)[\(index)]"
            guard answer.value.isFinite else { throw InvalidInput("validation.finite", ["field": .text(at + ".value")]) }
            if let tolerance = answer.tolerance, !(tolerance.isFinite && tolerance >= 0) {
                throw InvalidInput("validation-question.tolerance", ["field": .text(at + ".tolerance")])
            }
            switch (answer.min, answer.max) {
            case (nil, nil): break
            case (let min?, let max?):
                guard min.isFinite, max.isFinite, min <= max else {
                    throw InvalidInput("validation-question.min-max", ["field": .text(at + ".min")])
                }
            default: throw InvalidInput("validation-question.min-max-both", ["field": .text(at)])
            }
            return NumericalAnswer(
                value: answer.value, tolerance: answer.tolerance, min: answer.min, max: answer.max,
                weight: try weight(answer.weight, field: "\(at).weight"), feedback: try feedback(answer.feedback, field: "\(at).feedback"))
        }
        guard valid.contains(where: { ($0.weight ?? 100) > 0 }) else {
            throw InvalidInput("validation-question.no-right-answer", ["field": .text(field)])
        }
        return valid
    }

    private static func matching(_ question: QuestionDraft, into key: inout AnswerKey, field: String) throws {
        let items = try ChoiceValidation.list(
            question.items, count: itemCount, field: "\(field).items", what: Message("validation-question.what.items"))
        let options = try ChoiceValidation.list(
            question.options, count: optionCount, field: "\(field).options", what: Message("validation-question.what.options"))
        guard case .matches(let pairs)? = question.answer else {
            throw InvalidInput("validation-question.matches-object", ["field": .text(field + ".answer")])
        }
        let itemIDs = Set(items.map(\.id))
        let optionIDs = Set(options.map(\.id))
        for (item, option) in pairs {
            guard itemIDs.contains(item) else {
                throw InvalidInput("validation-question.not-an-item-id", ["field": .text(field + ".answer"), "item": .text(item)])
            }
            guard optionIDs.contains(option) else {
                throw InvalidInput(
                    "validation-question.not-an-option-id",
                    ["field": .text(field + ".answer"), "item": .text(item), "option": .text(option)])
            }
        }
        guard pairs.count == items.count else {
            throw InvalidInput("validation-question.match-every-item", ["field": .text(field + ".answer")])
        }
        key.items = items
        key.options = options
        key.pairs = pairs
    }
}
