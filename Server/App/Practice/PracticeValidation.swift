import ExamPrepExams
import ExamPrepRules
import ExamPrepShared

/// The bodies of practice: what a student asks to practise, one answer, and what a faculty
/// member opens for practice. Each refusal names its field.
enum PracticeValidation {
    static let counts = 1...50
    static let defaultCount = 10
    static let maxQuestionIds = 500

    static func choice(_ request: PracticeRequest) throws -> PracticeRepository.Choice {
        let count = request.count ?? defaultCount
        guard counts.contains(count) else {
            throw InvalidInput("validation.practice.count", ["min": .integer(counts.lowerBound), "max": .integer(counts.upperBound)])
        }
        return PracticeRepository.Choice(
            topic: try request.topic.flatMap { try QuestionValidation.topic($0, field: "topic") }, count: count,
            onlyMistakes: request.onlyMistakes ?? false, onlyDue: request.onlyDue ?? false)
    }

    /// The answer as grading reads it, for `question` (the version the session showed): one
    /// field of the shape its kind asks for, and a sensible `answerSeconds` if any.
    static func answer(_ answer: PracticeAnswer, for question: StoredQuestion) throws -> AnswerInput {
        if let seconds = answer.answerSeconds, !(seconds.isFinite && seconds >= 0) {
            throw InvalidInput("validation.practice.answer-seconds")
        }
        // Named as the student knows it (its id in the bank), in messages too.
        var named = question
        named.id = question.familyID
        var response = answer.response
        response.questionId = named.id
        guard !response.isEmpty else {
            throw InvalidInput("validation.practice.answer-empty")
        }
        return try AnswerChecks.validate(response, for: named, field: "answer")
    }

    static func marking(_ marking: PracticeMarking) throws -> QuestionBankRepository.PracticeSelection {
        let ids = marking.questionIds ?? []
        guard ids.count <= maxQuestionIds else {
            throw InvalidInput("validation.practice.too-many-question-ids", ["count": .integer(maxQuestionIds)])
        }
        guard ids.allSatisfy({ $0 > 0 }) else { throw InvalidInput("validation.practice.question-ids-positive") }
        return QuestionBankRepository.PracticeSelection(
            topic: try marking.topic.flatMap { try QuestionValidation.topic($0, field: "topic") },
            tags: try QuestionValidation.tags(marking.tags ?? [], field: "tags"), questionIDs: marking.questionIds.map { _ in ids })
    }
}
