import ExamPrepShared
import HTTPTypes

extension HTTPField.Name {
    /// A client's key for a save it may send again (`PUT …/answers`): a repeat gets the first answer.
    static let idempotencyKey = Self(APIPaths.idempotencyKeyHeader)!
}

extension HTTPField.Name {
    /// The CSRF token of a page's script calls (`PUT /attempts/{attemptId}/answers`, flags).
    static let csrfToken = Self("X-CSRF-Token")!
    /// Which site a request comes from, as the browser says (Fetch Metadata).
    static let secFetchSite = Self("Sec-Fetch-Site")!
    static let referrerPolicy = Self("Referrer-Policy")!
}
