import Fluent
import Foundation

/// A row of ExamPrep's `sessions`: the sign-in an access token's `sid` names.
///
/// `@unchecked Sendable` as Fluent's own template declares its models: the property wrappers
/// are not `Sendable`, and each instance lives within the one request that loaded it.
final class Session: Model, @unchecked Sendable {
    static let schema = "sessions"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: User
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "revoked_at") var revokedAt: Date?

    init() {}
}
