import Foundation

/// `POST /api/me/password`: every other session of the user ends.
public struct ChangePasswordRequest: Codable, Sendable, Hashable {
    public var currentPassword: String
    public var newPassword: String

    public init(currentPassword: String, newPassword: String) {
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}

/// `DELETE /api/me`: the password confirms it.
public struct DeleteAccountRequest: Codable, Sendable, Hashable {
    public var password: String

    public init(password: String) { self.password = password }
}

/// One open session of the signed-in user (`GET /api/me/sessions`).
public struct SessionInfo: Codable, Sendable, Hashable, Identifiable {
    public var id: UUID
    public var createdAt: Date
    public var lastUsedAt: Date
    /// The `User-Agent` of the login that opened it, cut to 256 characters.
    public var userAgent: String?
    /// Whether this is the session of the token the request was made with.
    public var current: Bool

    public init(id: UUID, createdAt: Date, lastUsedAt: Date, userAgent: String?, current: Bool) {
        self.id = id
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
        self.userAgent = userAgent
        self.current = current
    }
}
