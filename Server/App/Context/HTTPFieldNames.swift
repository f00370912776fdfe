import ExamPrepShared
import HTTPTypes

extension HTTPField.Name {
    /// A client's key for a save it may send again (`PUT …/answers`): a repeat gets the first answer.
    static let idempotencyKey = Self(APIPaths.idempotencyKeyHeader)!
}
