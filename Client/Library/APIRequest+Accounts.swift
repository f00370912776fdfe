import ExamPrepShared
import Foundation

// MARK: - A school's accounts: administration, invitations, password resets

extension APIRequest where Response == [AccountInfo] {
    /// `GET /api/admin/users`, of one role and whose address holds `search`, when given.
    public static func adminUsers(role: Role? = nil, search: String? = nil) -> Self {
        var query = largestPage
        if let role { query.append(URLQueryItem(name: APIPaths.roleQueryItem, value: role.name)) }
        if let search { query.append(URLQueryItem(name: APIPaths.searchQueryItem, value: search)) }
        return .init(.get, APIPaths.adminUsers, queryItems: query, requiresAuthentication: true)
    }
}

extension APIRequest where Response == [InvitationInfo] {
    public static var adminInvitations: Self {
        .init(.get, APIPaths.adminInvitations, queryItems: largestPage, requiresAuthentication: true)
    }
}

extension APIRequest where Response == [AuditEntry] {
    public static var adminAudit: Self { .init(.get, APIPaths.adminAudit, queryItems: largestPage, requiresAuthentication: true) }
}

extension APIRequest where Response == OneTimeLink {
    public static func invite(_ body: InvitationRequest) -> Self {
        .init(.post, APIPaths.adminInvitations, body: body, requiresAuthentication: true)
    }

    public static func adminResetLink(userId: Int) -> Self {
        .init(.post, APIPaths.adminResetLink(userId), requiresAuthentication: true)
    }

    public static func studentResetLink(courseId: Int, userId: Int) -> Self {
        .init(.post, APIPaths.studentResetLink(courseId, userId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == SuccessResponse {
    public static func disableUser(_ userId: Int) -> Self {
        .init(.post, APIPaths.disableUser(userId), requiresAuthentication: true)
    }

    public static func enableUser(_ userId: Int) -> Self {
        .init(.post, APIPaths.enableUser(userId), requiresAuthentication: true)
    }

    public static func revokeInvitation(_ invitationId: Int) -> Self {
        .init(.delete, APIPaths.adminInvitation(invitationId), requiresAuthentication: true)
    }

    /// `POST /api/password-reset`: the same answer whether or not the address has an account.
    public static func forgotPassword(_ body: PasswordResetRequest) -> Self {
        .init(.post, APIPaths.passwordReset, body: body, requiresAuthentication: false)
    }

    /// `POST /api/password-reset/{token}`.
    public static func resetPassword(token: String, _ body: PasswordResetCompletion) -> Self {
        .init(.post, APIPaths.completePasswordReset(token: token), body: body, requiresAuthentication: false)
    }
}

extension APIRequest where Response == AcceptedInvitation {
    /// `POST /api/invitations/{token}`.
    public static func acceptInvitation(token: String, _ body: InvitationAcceptance) -> Self {
        .init(.post, APIPaths.acceptInvitation(token: token), body: body, requiresAuthentication: false)
    }
}
