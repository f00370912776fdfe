import ExamPrepExams
import ExamPrepShared

/// The answer rules of `ExamPrepExams` (`AnswerValidation`) as the server checks them: their
/// `AnswerRefusal` becomes the server's `InvalidInput` (400 `validation_failed`, or the
/// sentence beside a page's question) here, and nowhere else.
enum AnswerChecks {
    /// `AnswerValidation.validate(_:questions:)`, refusing with `InvalidInput`.
    static func validate(_ answers: [AnswerInput], questions: [StoredQuestion]) throws -> [AnswerInput] {
        do {
            return try AnswerValidation.validate(answers, questions: questions)
        } catch {
            throw InvalidInput(error.message)
        }
    }

    /// `AnswerValidation.validate(_:for:field:)`, refusing with `InvalidInput`.
    static func validate(_ answer: AnswerInput, for question: StoredQuestion, field: String) throws -> AnswerInput {
        do {
            return try AnswerValidation.validate(answer, for: question, field: field)
        } catch {
            throw InvalidInput(error.message)
        }
    }
}
