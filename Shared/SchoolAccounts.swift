import Foundation

/// `POST /api/admin/invitations`: an account of a role that does not register itself.
public struct InvitationRequest: Codable, Sendable, Hashable {
    public var email: String
    /// `faculty` or `admin`.
    public var role: Role
    /// `en` or `pl`: the invitation's mail and the account it makes speak it; absent: the
    /// admin's own language.
    public var language: String?
    /// The invited person's name (1–200 characters trimmed; absent or blank: none), which the
    /// account it makes gets.
    public var name: String?

    public init(email: String, role: Role, language: Language? = nil, name: String? = nil) {
        self.email = email
        self.role = role
        self.language = language?.rawValue
        self.name = name
    }
}

/// A link that works once until `expiresAt`: an invitation (7 days) or a password reset (1 hour).
public struct OneTimeLink: Codable, Sendable, Hashable {
    public var url: String
    public var expiresAt: Date

    public init(url: String, expiresAt: Date) {
        self.url = url
        self.expiresAt = expiresAt
    }
}

/// `POST /api/invitations/{token}`: the invited person's password.
public struct InvitationAcceptance: Codable, Sendable, Hashable {
    public var password: String

    public init(password: String) { self.password = password }
}

/// `201` answer to `POST /api/invitations/{token}`.
public struct AcceptedInvitation: Codable, Sendable, Hashable {
    public var userId: Int
    public var role: Role

    public init(userId: Int, role: Role) {
        self.userId = userId
        self.role = role
    }
}

/// One invitation as admins see it (`GET /api/admin/invitations`).
public struct InvitationInfo: Codable, Sendable, Hashable, Identifiable {
    public enum Status: String, Codable, Sendable, Hashable {
        case pending, accepted, revoked, expired
    }

    public var id: Int
    public var email: String
    public var role: Role
    public var createdAt: Date
    public var expiresAt: Date
    public var status: Status

    public init(id: Int, email: String, role: Role, createdAt: Date, expiresAt: Date, status: Status) {
        self.id = id
        self.email = email
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.status = status
    }
}

/// One account as admins see it (`GET /api/admin/users`).
public struct AccountInfo: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var email: String
    public var role: Role
    public var disabled: Bool
    public var createdAt: Date
    /// When the account last opened a session (nil: never).
    public var lastSignInAt: Date?

    public init(id: Int, email: String, role: Role, disabled: Bool, createdAt: Date, lastSignInAt: Date?) {
        self.id = id
        self.email = email
        self.role = role
        self.disabled = disabled
        self.createdAt = createdAt
        self.lastSignInAt = lastSignInAt
    }
}

/// One admin action (`GET /api/admin/audit`): who, what, whom, when and from where.
public struct AuditEntry: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var at: Date
    public var actorId: Int?
    public var actorEmail: String
    /// `invited`, `revoked_invitation`, `disabled`, `enabled`, `made_reset_link`,
    /// `imported_class_list`, `unlinked_school_account`, `erased`.
    public var action: String
    public var targetUserId: Int?
    public var targetEmail: String?
    /// The course of an `imported_class_list` (the id is gone once the course is deleted; its
    /// name stays).
    public var courseId: Int?
    public var courseName: String?
    public var clientAddress: String

    public init(
        id: Int, at: Date, actorId: Int?, actorEmail: String, action: String, targetUserId: Int?, targetEmail: String?,
        courseId: Int? = nil, courseName: String? = nil, clientAddress: String
    ) {
        self.id = id
        self.at = at
        self.actorId = actorId
        self.actorEmail = actorEmail
        self.action = action
        self.targetUserId = targetUserId
        self.targetEmail = targetEmail
        self.courseId = courseId
        self.courseName = courseName
        self.clientAddress = clientAddress
    }
}

/// `POST /api/password-reset`: mail a reset link to this address, if it has an account.
public struct PasswordResetRequest: Codable, Sendable, Hashable {
    public var email: String

    public init(email: String) { self.email = email }
}

/// `POST /api/password-reset/{token}`.
public struct PasswordResetCompletion: Codable, Sendable, Hashable {
    public var newPassword: String

    public init(newPassword: String) { self.newPassword = newPassword }
}
