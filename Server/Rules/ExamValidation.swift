import ExamPrepShared
import Foundation

/// The rules of an exam (docs/API.md, "Exams and grades"): each broken one is `InvalidInput`
/// whose message names the field, e.g. `questions[2].answer`.
public enum ExamValidation {
    /// Questions in one attempt: whole ones and drawn ones together.
    static let questionCount = 1...200
    static let maxAttempts = 1...100
    /// One week.
    static let timeLimitMinutes = 1...10_080

    public static func validate(_ draft: ExamDraft) throws -> ValidExam {
        let title = try Validators.text(draft.title, field: "title", length: 1...200)
        let instructions = try Validators.text(draft.instructions ?? "", field: "instructions", length: 0...10_000)
        if let minutes = draft.timeLimitMinutes, !timeLimitMinutes.contains(minutes) {
            throw InvalidInput(
                "validation.range",
                ["field": "timeLimitMinutes", "min": .integer(timeLimitMinutes.lowerBound), "max": .integer(timeLimitMinutes.upperBound)])
        }
        let attempts = draft.maxAttempts ?? 1
        guard maxAttempts.contains(attempts) else {
            throw InvalidInput(
                "validation.range",
                ["field": "maxAttempts", "min": .integer(maxAttempts.lowerBound), "max": .integer(maxAttempts.upperBound)])
        }
        if let opensAt = draft.opensAt, let closesAt = draft.closesAt, opensAt >= closesAt {
            throw InvalidInput("validation.closes-after-opens")
        }
        let draws = try validate(draft.draws, items: draft.questions.count + draft.draws.count)
        let drawn = draws.reduce(0) { $0 + $1.count }
        guard questionCount.contains(draft.questions.count + drawn) else {
            throw InvalidInput(
                "validation.exam.question-count", ["min": .integer(questionCount.lowerBound), "max": .integer(questionCount.upperBound)])
        }
        let positions = ValidExam(
            title: "", instructions: "", maxAttempts: 1, policy: ExamPolicy(), questions: [], draws: draws
        ).placesOfQuestions(draft.questions.count)
        let questions = try zip(draft.questions, positions).map { question, position in
            try QuestionValidation.validate(question, field: "questions[\(position)]")
        }
        return ValidExam(
            title: title, instructions: instructions, timeLimitMinutes: draft.timeLimitMinutes, opensAt: draft.opensAt,
            closesAt: draft.closesAt, maxAttempts: attempts, policy: try validate(draft.policy ?? ExamPolicy()), questions: questions,
            draws: draws)
    }

    static let drawCount = 1...200

    /// The slots drawing from the bank, at their places among `items` questions and draws.
    static func validate(_ slots: [ExamDrawSlot], items: Int) throws -> [ValidDraw] {
        var places = Set<Int>()
        return try slots.sorted { $0.position < $1.position }.map { slot in
            let field = "questions[\(slot.position)].fromBank"
            guard (0..<items).contains(slot.position), places.insert(slot.position).inserted else {
                throw InvalidInput("validation.exam.draw-place", ["field": .text(field)])
            }
            let draw = slot.fromBank
            guard drawCount.contains(draw.count) else {
                throw InvalidInput(
                    "validation.range",
                    ["field": .text(field + ".count"), "min": .integer(drawCount.lowerBound), "max": .integer(drawCount.upperBound)])
            }
            let points = draw.points ?? 1
            guard QuestionValidation.points.contains(points) else {
                throw InvalidInput(
                    "validation.range",
                    [
                        "field": .text(field + ".points"), "min": .integer(QuestionValidation.points.lowerBound),
                        "max": .integer(QuestionValidation.points.upperBound),
                    ])
            }
            return ValidDraw(
                position: slot.position, topic: try draw.topic.flatMap { try QuestionValidation.topic($0, field: "\(field).topic") },
                tags: try QuestionValidation.tags(draw.tags ?? [], field: "\(field).tags"), count: draw.count, points: points)
        }
    }

    static let minutesBetweenAttempts = 1...10_080
    static let graceSeconds = 0...300
    static let safeExamBrowserKeys = 1...10

    /// 1–10 keys of 64 hex characters, lowercased, each once.
    static func safeExamBrowser(_ policy: SafeExamBrowserPolicy) throws -> SafeExamBrowserPolicy {
        var keys: [String] = []
        for key in policy.configKeys.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) where !keys.contains(key) {
            guard isSafeExamBrowserKey(key) else {
                throw InvalidInput("integrity.bad-config-key", ["field": "policy.safeExamBrowser.configKeys"])
            }
            keys.append(key)
        }
        guard safeExamBrowserKeys.contains(keys.count) else {
            throw InvalidInput(
                "validation.range",
                [
                    "field": "policy.safeExamBrowser.configKeys", "min": .integer(safeExamBrowserKeys.lowerBound),
                    "max": .integer(safeExamBrowserKeys.upperBound),
                ])
        }
        return SafeExamBrowserPolicy(configKeys: keys)
    }

    /// Whether `key` is a configuration key as Safe Exam Browser shows it: 64 hex characters.
    static func isSafeExamBrowserKey(_ key: String) -> Bool {
        let hex = { (byte: UInt8) in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
        return key.utf8.count == 64 && key.utf8.allSatisfy(hex)
    }

    static func validate(_ policy: ExamPolicy) throws -> ExamPolicy {
        if let minutes = policy.minutesBetweenAttempts, !minutesBetweenAttempts.contains(minutes) {
            throw InvalidInput(
                "validation.range",
                [
                    "field": "policy.minutesBetweenAttempts", "min": .integer(minutesBetweenAttempts.lowerBound),
                    "max": .integer(minutesBetweenAttempts.upperBound),
                ])
        }
        guard graceSeconds.contains(policy.graceSeconds) else {
            throw InvalidInput(
                "validation.range",
                ["field": "policy.graceSeconds", "min": .integer(graceSeconds.lowerBound), "max": .integer(graceSeconds.upperBound)])
        }
        var valid = policy
        valid.safeExamBrowser = try policy.safeExamBrowser.map(Self.safeExamBrowser)
        // Each item once, in a fixed order, whatever order and repeats were sent.
        valid.review.afterSubmit = ReviewItem.allCases.filter(policy.review.afterSubmit.contains)
        valid.review.afterClose = ReviewItem.allCases.filter(policy.review.afterClose.contains)
        return valid
    }
}
