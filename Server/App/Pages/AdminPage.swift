import ExamPrepShared
import Foundation

/// What `admin.mustache` shows, its words in the page's language (`catalogue`).
struct AdminPage: Sendable {
    /// What the last form did: a notice (with a link to pass on) or an error.
    struct Outcome: Sendable {
        var notice: String?
        var link: String?
        var error: String?
    }

    struct Account: Sendable {
        var id: Int
        var email: String
        var role: String
        var disabled: Bool
        var created: String
        var lastSignIn: String
        /// How it signs in ("password, school account (…)").
        var signIn: String
        var schoolLinked: Bool
    }

    struct Invitation: Sendable {
        var id: Int
        var email: String
        var role: String
        var status: String
        var expires: String
        var pending: Bool
    }

    struct Entry: Sendable {
        var at: String
        var actor: String
        var action: String
        var target: String
        var from: String
    }

    var outcome: Outcome
    var search: String
    var role: String
    var accounts: [Account]
    var hasAccounts: Bool
    var invitations: [Invitation]
    var hasInvitations: Bool
    var audit: [Entry]
    var hasAudit: Bool

    init(
        outcome: Outcome, search: String, role: String, accounts: [AccountInfo], invitations: [InvitationInfo], audit: [AuditEntryRow],
        signInMethods: [Int: (password: Bool, school: [String])] = [:], timeZone: String = "UTC", catalogue: Catalogue
    ) {
        func say(_ key: String) -> String { catalogue.string(Message(key)) }
        func time(_ date: Date) -> String { PageTime.text(date, timeZone: timeZone, language: catalogue.language) }
        self.outcome = outcome
        self.search = search
        self.role = role
        self.accounts = accounts.map {
            Account(
                id: $0.id, email: $0.email, role: say(Self.roleKey($0.role)), disabled: $0.disabled, created: time($0.createdAt),
                lastSignIn: $0.lastSignInAt.map(time) ?? say("admin.never"),
                signIn: SchoolSignInText.signInMethods(
                    password: signInMethods[$0.id]?.password ?? true, school: signInMethods[$0.id]?.school ?? [], catalogue),
                schoolLinked: !(signInMethods[$0.id]?.school.isEmpty ?? true))
        }
        self.invitations = invitations.map {
            Invitation(
                id: $0.id, email: $0.email, role: say(Self.roleKey($0.role)), status: say(Self.statusKey($0.status)),
                expires: time($0.expiresAt),
                pending: $0.status == .pending)
        }
        self.audit = audit.map {
            Entry(
                at: time($0.at), actor: $0.actorEmail,
                action: Self.actionKeys[$0.action].map(say) ?? $0.action.replacingOccurrences(of: "_", with: " "),
                target: $0.targetEmail ?? $0.courseName.map { catalogue.string(Message("admin.course", ["name": .text($0)])) } ?? "-",
                from: $0.clientAddress)
        }
        hasAccounts = !accounts.isEmpty
        hasInvitations = !invitations.isEmpty
        hasAudit = !audit.isEmpty
    }

    /// A role's name in the tables.
    static func roleKey(_ role: Role) -> String {
        switch role {
        case .faculty: "admin.role-faculty"
        case .student: "admin.role-student"
        case .admin: "admin.role-admin"
        }
    }

    private static func statusKey(_ status: InvitationInfo.Status) -> String {
        switch status {
        case .pending: "admin.invitation-pending"
        case .accepted: "admin.invitation-accepted"
        case .revoked: "admin.invitation-revoked"
        case .expired: "admin.invitation-expired"
        }
    }

    /// The audit log's actions (`admin_audit.action`) in words; one not listed shows as stored.
    private static let actionKeys = [
        "invited": "admin.audit-invited", "revoked_invitation": "admin.audit-revoked-invitation", "disabled": "admin.audit-disabled",
        "enabled": "admin.audit-enabled", "made_reset_link": "admin.audit-made-reset-link",
        "imported_class_list": "admin.audit-imported-class-list", "unlinked_school_account": "admin.audit-unlinked-school-account",
        "erased": "admin.audit-erased", "mailed_reset_link": "mail.audit-mailed-reset-link",
    ]
}
