import ExamPrepShared
import Observation

/// A school's administration, for an admin: accounts, invitations, class lists and the audit log.
@Observable
@MainActor
public final class Admin {
    /// The accounts as last loaded.
    public private(set) var users: [AccountInfo] = []
    /// The invitations as last loaded, newest first.
    public private(set) var invitations: [InvitationInfo] = []

    @ObservationIgnored let session: SessionManager
    @ObservationIgnored private var subscription: EventSubscription?

    public init(session: SessionManager) {
        self.session = session
        subscription = .onSessionEnd(session) { [weak self] in
            self?.users = []
            self?.invitations = []
        }
    }

    /// `GET /api/admin/users`: every page, of `role` and whose address holds `search` when given.
    @discardableResult
    public func loadUsers(role: Role? = nil, search: String? = nil) async throws -> [AccountInfo] {
        let loaded = try await session.sendAll(.adminUsers(role: role, search: search))
        users = loaded
        return loaded
    }

    /// `POST /api/admin/invitations`: the link to pass on (mailed too when the server sends mail);
    /// `name`: the name the invited account gets.
    public func invite(email: String, role: Role, name: String? = nil) async throws -> OneTimeLink {
        try await session.send(.invite(InvitationRequest(email: email, role: role, name: name)))
    }

    /// `GET /api/admin/invitations`.
    @discardableResult
    public func loadInvitations() async throws -> [InvitationInfo] {
        let loaded = try await session.sendAll(.adminInvitations)
        invitations = loaded
        return loaded
    }

    /// `DELETE /api/admin/invitations/{id}`: its link stops working.
    public func revokeInvitation(_ invitationId: Int) async throws {
        _ = try await session.send(.revokeInvitation(invitationId))
    }

    /// `POST /api/admin/users/{id}/disable`: every session of the account ends at once.
    public func disable(_ userId: Int) async throws {
        _ = try await session.send(.disableUser(userId))
    }

    /// `POST /api/admin/users/{id}/enable`.
    public func enable(_ userId: Int) async throws {
        _ = try await session.send(.enableUser(userId))
    }

    /// `POST /api/admin/users/{id}/password-reset-link`: a link that works once within an hour.
    public func resetLink(for userId: Int) async throws -> OneTimeLink {
        try await session.send(.adminResetLink(userId: userId))
    }

    /// `POST /api/admin/courses/{courseId}/roster/import`: a class list into any course, as a
    /// teacher's `importClassList` does (written to the audit log unless `dryRun`).
    public func importClassList(_ csv: String, courseId: Int, dryRun: Bool = false) async throws -> ClassListImport {
        try await session.send(.adminImportClassList(csv, courseId: courseId, dryRun: dryRun))
    }

    /// `GET /api/admin/audit`: every admin action, newest first.
    public func loadAudit() async throws -> [AuditEntry] {
        try await session.sendAll(.adminAudit)
    }
}
