import ExamPrepExams
import ExamPrepShared
import Foundation

/// The rules of a question (docs/API.md, "Exams and grades" and "Question banks"): each broken
/// one is `InvalidInput` whose message names the field, e.g. `questions[2].answer`. A question
/// that could not be graded is refused.
enum QuestionValidation {
    static let choiceCount = 2...50
    static let itemCount = 2...50
    static let optionCount = 2...100
    static let acceptedAnswerCount = 1...50
    static let points = 1...1000
    static let weights = -100.0...100.0
    static let tagCount = 0...20
    static let feedbackLength = 0...5000

    static func validate(_ question: QuestionDraft, field: String) throws -> ValidQuestion {
        let prompt = try Validators.text(question.prompt, field: "\(field).prompt", length: 1...5000)
        if question.kind == .description { return try description(question, prompt: prompt, field: field) }
        guard points.contains(question.points) else {
            throw InvalidInput("\(field).points must be a whole number from \(points.lowerBound) to \(points.upperBound).")
        }
        var valid = ValidQuestion(kind: question.kind, prompt: prompt, points: question.points)
        valid.textFormat = question.textFormat ?? .moodle
        valid.generalFeedback = try feedback(question.generalFeedback, field: "\(field).generalFeedback")
        valid.key.feedbackWhenRight = try feedback(question.feedbackWhenRight, field: "\(field).feedbackWhenRight")
        valid.key.feedbackWhenWrong = try feedback(question.feedbackWhenWrong, field: "\(field).feedbackWhenWrong")
        valid.bank = try bankFields(question, field: field)
        if !question.kind.hasChoices, question.choices != nil {
            throw InvalidInput("\(field).choices is only for single_choice and multiple_choice questions.")
        }
        if question.kind != .matching, question.items != nil || question.options != nil {
            throw InvalidInput("\(field).items and options are only for matching questions.")
        }
        if question.kind != .essay, question.graderInfo != nil {
            throw InvalidInput("\(field).graderInfo is only for essay questions.")
        }
        switch question.kind {
        case .singleChoice, .multipleChoice:
            valid.choices = try ChoiceValidation.choices(question, field: field)
        case .trueFalse:
            guard case .bool(let value)? = question.answer else { throw InvalidInput("\(field).answer must be true or false.") }
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
            throw InvalidInput("\(field) is an essay: it has no answer nor feedbackWhenRight/Wrong (it is graded by hand).")
        }
        guard question.practice != true else { throw InvalidInput("\(field).practice: an essay is never practised.") }
        valid.graderInfo = try feedback(question.graderInfo, field: "\(field).graderInfo")
    }

    /// A description: its prompt and bank fields only, worth nothing, never practised.
    private static func description(_ question: QuestionDraft, prompt: String, field: String) throws -> ValidQuestion {
        guard question.points == 0 else { throw InvalidInput("\(field).points must be 0 or absent: a description is not scored.") }
        let answered = question.answer != nil || question.choices != nil || question.items != nil || question.options != nil
        let feedback = question.generalFeedback ?? question.feedbackWhenRight ?? question.feedbackWhenWrong
        guard !answered, feedback == nil else {
            throw InvalidInput("\(field) is a description: it takes a prompt only (no answer, choices or feedback).")
        }
        guard question.practice != true else { throw InvalidInput("\(field).practice: a description is never practised.") }
        var valid = ValidQuestion(kind: .description, prompt: prompt, points: 0)
        valid.textFormat = question.textFormat ?? .moodle
        valid.bank = try bankFields(question, field: field)
        return valid
    }

    /// Feedback: trimmed, at most 5000 characters; empty is none.
    static func feedback(_ text: String?, field: String) throws -> String? {
        guard let text else { return nil }
        let trimmed = try Validators.text(text, field: field, length: feedbackLength)
        return trimmed.isEmpty ? nil : trimmed
    }

    /// A weight in percent of the question's points, −100…100.
    static func weight(_ weight: Double?, field: String) throws -> Double? {
        guard let weight else { return nil }
        guard weight.isFinite, weights.contains(weight) else { throw InvalidInput("\(field) must be from -100 to 100 (percent).") }
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
    static func topic(_ raw: String, field: String) throws -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let segments = trimmed.split(separator: "/", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard segments.count <= 10, segments.allSatisfy({ !$0.isEmpty }) else {
            throw InvalidInput("\(field) must be a path of 1 to 10 names separated by '/', none of them empty.")
        }
        return try segments.enumerated().map { index, segment in
            try Validators.text(segment, field: "\(field) (part \(index + 1))", length: 1...100)
        }.joined(separator: "/")
    }

    /// Tags: at most 20, each 1–50 characters, trimmed, each once (the first spelling kept).
    static func tags(_ raw: [String], field: String) throws -> [String] {
        guard tagCount.contains(raw.count) else { throw InvalidInput("\(field) may hold at most \(tagCount.upperBound) tags.") }
        var seen = Set<String>()
        return try raw.enumerated().compactMap { index, tag in
            let trimmed = try Validators.text(tag, field: "\(field)[\(index)]", length: 1...50)
            return seen.insert(trimmed.lowercased()).inserted ? trimmed : nil
        }
    }

    private static func textAnswers(_ answer: QuestionAnswer, field: String) throws -> [TextAnswer] {
        guard let answers = answer.textAnswers, acceptedAnswerCount.contains(answers.count) else {
            throw InvalidInput(
                "\(field) must be the accepted answer, or \(acceptedAnswerCount.lowerBound) to \(acceptedAnswerCount.upperBound) of them.")
        }
        let valid = try answers.enumerated().map { index, answer in
            TextAnswer(
                text: try Validators.text(answer.text, field: "\(field)[\(index)]", length: 1...500),
                weight: try weight(answer.weight, field: "\(field)[\(index)].weight"),
                feedback: try feedback(answer.feedback, field: "\(field)[\(index)].feedback"))
        }
        guard valid.contains(where: { ($0.weight ?? 100) > 0 }) else {
            throw InvalidInput("\(field) must have an answer worth more than 0 %.")
        }
        return valid
    }

    private static func numbers(_ answer: QuestionAnswer, field: String) throws -> [NumericalAnswer] {
        guard case .numbers(let answers) = answer, acceptedAnswerCount.contains(answers.count) else {
            throw InvalidInput("\(field) must be 1 to 50 answers {value, tolerance?} or {min, max}.")
        }
        let valid = try answers.enumerated().map { index, answer in
            let at = "\(field)[\(index)]"
            guard answer.value.isFinite else { throw InvalidInput("\(at).value must be a finite number.") }
            if let tolerance = answer.tolerance, !(tolerance.isFinite && tolerance >= 0) {
                throw InvalidInput("\(at).tolerance must be a finite number of 0 or more.")
            }
            switch (answer.min, answer.max) {
            case (nil, nil): break
            case (let min?, let max?):
                guard min.isFinite, max.isFinite, min <= max else { throw InvalidInput("\(at).min must be at most max, both finite.") }
            default: throw InvalidInput("\(at) must give both min and max, or neither.")
            }
            return NumericalAnswer(
                value: answer.value, tolerance: answer.tolerance, min: answer.min, max: answer.max,
                weight: try weight(answer.weight, field: "\(at).weight"), feedback: try feedback(answer.feedback, field: "\(at).feedback"))
        }
        guard valid.contains(where: { ($0.weight ?? 100) > 0 }) else {
            throw InvalidInput("\(field) must have an answer worth more than 0 %.")
        }
        return valid
    }

    private static func matching(_ question: QuestionDraft, into key: inout AnswerKey, field: String) throws {
        let items = try ChoiceValidation.list(question.items, count: itemCount, field: "\(field).items", what: "items")
        let options = try ChoiceValidation.list(question.options, count: optionCount, field: "\(field).options", what: "options")
        guard case .matches(let pairs)? = question.answer else {
            throw InvalidInput("\(field).answer must be an object of item ids to option ids.")
        }
        let itemIDs = Set(items.map(\.id))
        let optionIDs = Set(options.map(\.id))
        for (item, option) in pairs {
            guard itemIDs.contains(item) else { throw InvalidInput("\(field).answer names '\(item)', which is not an item id.") }
            guard optionIDs.contains(option) else {
                throw InvalidInput("\(field).answer matches '\(item)' with '\(option)', which is not an option id.")
            }
        }
        guard pairs.count == items.count else { throw InvalidInput("\(field).answer must match every item with an option.") }
        key.items = items
        key.options = options
        key.pairs = pairs
    }
}
