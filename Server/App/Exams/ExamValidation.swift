import ExamPrepShared
import Foundation

/// The rules of an exam (docs/API.md, "Exams and grades"): each broken one is `InvalidInput`
/// whose message names the field, e.g. `questions[2].answer`.
enum ExamValidation {
    static let questionCount = 1...200
    static let choiceCount = 2...50
    static let acceptedAnswerCount = 1...50
    static let points = 1...1000
    static let maxAttempts = 1...100
    /// One week.
    static let timeLimitMinutes = 1...10_080

    static func validate(_ draft: ExamDraft) throws -> ValidExam {
        let title = try Validators.text(draft.title, field: "title", length: 1...200)
        let instructions = try Validators.text(draft.instructions ?? "", field: "instructions", length: 0...10_000)
        if let minutes = draft.timeLimitMinutes, !timeLimitMinutes.contains(minutes) {
            throw InvalidInput("timeLimitMinutes must be \(timeLimitMinutes.lowerBound) to \(timeLimitMinutes.upperBound).")
        }
        let attempts = draft.maxAttempts ?? 1
        guard maxAttempts.contains(attempts) else {
            throw InvalidInput("maxAttempts must be \(maxAttempts.lowerBound) to \(maxAttempts.upperBound).")
        }
        if let opensAt = draft.opensAt, let closesAt = draft.closesAt, opensAt >= closesAt {
            throw InvalidInput("closesAt must be later than opensAt.")
        }
        guard questionCount.contains(draft.questions.count) else {
            throw InvalidInput("questions must hold \(questionCount.lowerBound) to \(questionCount.upperBound) questions.")
        }
        let questions = try draft.questions.enumerated().map { index, question in
            try validate(question, field: "questions[\(index)]")
        }
        return ValidExam(
            title: title, instructions: instructions, timeLimitMinutes: draft.timeLimitMinutes, opensAt: draft.opensAt,
            closesAt: draft.closesAt, maxAttempts: attempts, policy: try validate(draft.policy ?? ExamPolicy()), questions: questions)
    }

    static let minutesBetweenAttempts = 1...10_080
    static let graceSeconds = 0...300

    static func validate(_ policy: ExamPolicy) throws -> ExamPolicy {
        if let minutes = policy.minutesBetweenAttempts, !minutesBetweenAttempts.contains(minutes) {
            throw InvalidInput(
                "policy.minutesBetweenAttempts must be \(minutesBetweenAttempts.lowerBound) to \(minutesBetweenAttempts.upperBound).")
        }
        guard graceSeconds.contains(policy.graceSeconds) else {
            throw InvalidInput("policy.graceSeconds must be \(graceSeconds.lowerBound) to \(graceSeconds.upperBound).")
        }
        var valid = policy
        // Each item once, in a fixed order, whatever order and repeats were sent.
        valid.review.afterSubmit = ReviewItem.allCases.filter(policy.review.afterSubmit.contains)
        valid.review.afterClose = ReviewItem.allCases.filter(policy.review.afterClose.contains)
        return valid
    }

    static func validate(_ question: QuestionDraft, field: String) throws -> ValidQuestion {
        let prompt = try Validators.text(question.prompt, field: "\(field).prompt", length: 1...5000)
        guard points.contains(question.points) else {
            throw InvalidInput("\(field).points must be a whole number from \(points.lowerBound) to \(points.upperBound).")
        }
        var valid = ValidQuestion(kind: question.kind, prompt: prompt, points: question.points, choices: [])
        switch question.kind {
        case .singleChoice, .multipleChoice:
            valid.choices = try choices(question, field: field)
        case .trueFalse:
            try noChoices(question, field: field)
            guard case .bool(let value) = question.answer else {
                throw InvalidInput("\(field).answer must be true or false.")
            }
            valid.correctValue = value
        case .shortAnswer:
            try noChoices(question, field: field)
            valid.acceptedAnswers = try acceptedAnswers(question.answer, field: "\(field).answer")
        }
        return valid
    }

    /// The choices with their `correct` flags from the answer; the answer must name existing
    /// choices: exactly one for single choice, at least one (each once) for multiple choice.
    private static func choices(_ question: QuestionDraft, field: String) throws -> [ValidChoice] {
        guard let choices = question.choices, choiceCount.contains(choices.count) else {
            throw InvalidInput(
                "\(field).choices must hold \(choiceCount.lowerBound) to \(choiceCount.upperBound) choices for a \(question.kind.rawValue) question."
            )
        }
        var keys = Set<String>()
        var valid: [ValidChoice] = []
        for (index, choice) in choices.enumerated() {
            let key = try Validators.text(choice.id, field: "\(field).choices[\(index)].id", length: 1...50)
            guard keys.insert(key).inserted else {
                throw InvalidInput("\(field).choices[\(index)].id '\(key)' is used by another choice of the question.")
            }
            let text = try Validators.text(choice.text, field: "\(field).choices[\(index)].text", length: 1...1000)
            valid.append(ValidChoice(key: key, text: text, correct: false))
        }
        guard let named = question.answer.strings else {
            throw InvalidInput("\(field).answer must name the right choice id\(question.kind == .multipleChoice ? "s" : "").")
        }
        let correct = named.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if question.kind == .singleChoice, correct.count != 1 {
            throw InvalidInput("\(field).answer must name exactly one choice id.")
        }
        guard !correct.isEmpty else { throw InvalidInput("\(field).answer must name at least one choice id.") }
        guard Set(correct).count == correct.count else { throw InvalidInput("\(field).answer names a choice twice.") }
        for key in correct where !keys.contains(key) {
            throw InvalidInput("\(field).answer names '\(key)', which is not a choice id of the question.")
        }
        return valid.map { ValidChoice(key: $0.key, text: $0.text, correct: correct.contains($0.key)) }
    }

    private static func noChoices(_ question: QuestionDraft, field: String) throws {
        if question.choices != nil {
            throw InvalidInput("\(field).choices is only for single_choice and multiple_choice questions.")
        }
    }

    private static func acceptedAnswers(_ answer: QuestionAnswer, field: String) throws -> [String] {
        guard let answers = answer.strings, acceptedAnswerCount.contains(answers.count) else {
            throw InvalidInput(
                "\(field) must be the accepted answer, or \(acceptedAnswerCount.lowerBound) to \(acceptedAnswerCount.upperBound) of them.")
        }
        return try answers.enumerated().map { index, text in
            try Validators.text(text, field: "\(field)[\(index)]", length: 1...500)
        }
    }
}
