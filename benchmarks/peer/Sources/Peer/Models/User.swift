import Fluent
import Foundation

/// A row of ExamPrep's `users` (only the columns the peer reads).
///
/// `@unchecked Sendable` as Fluent's own template declares its models: the property wrappers
/// are not `Sendable`, and each instance lives within the one request that loaded it.
final class User: Model, @unchecked Sendable {
    static let schema = "users"

    @ID(custom: .id, generatedBy: .database) var id: Int?
    @Field(key: "email") var email: String
    @Field(key: "role_id") var roleID: Int16
    @OptionalField(key: "disabled_at") var disabledAt: Date?

    init() {}
}
