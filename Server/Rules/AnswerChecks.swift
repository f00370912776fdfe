import ExamPrepExams
import ExamPrepShared

/// A practice answer checked by the answer rules of `ExamPrepExams` (`AnswerValidation`): their
/// `AnswerRefusal` becomes the server's `InvalidInput` (400 `validation_failed`, or the
/// sentence beside a page's question) by `InvalidInput.init(_:)`, as an attempt's save's does.
public enum AnswerChecks {
    /// `AnswerValidation.validate(_:for:field:)`, refusing with `InvalidInput`.
    public static func validate(_ answer: AnswerInput, for question: StoredQuestion, field: String) throws -> AnswerInput {
        do {
            return try AnswerValidation.validate(answer, for: question, field: field)
        } catch {
            throw InvalidInput(error)
        }
    }
}
