import ExamPrepShared
import Foundation

/// What `admin.mustache` shows.
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
    var unlinkButton = SchoolSignInText.unlinkButton

    init(
        outcome: Outcome, search: String, role: String, accounts: [AccountInfo], invitations: [InvitationInfo], audit: [AuditEntryRow],
        signInMethods: [Int: (password: Bool, school: [String])] = [:]
    ) {
        self.outcome = outcome
        self.search = search
        self.role = role
        self.accounts = accounts.map {
            Account(
                id: $0.id, email: $0.email, role: $0.role.name, disabled: $0.disabled, created: Self.time($0.createdAt),
                lastSignIn: $0.lastSignInAt.map(Self.time) ?? "never",
                signIn: SchoolSignInText.signInMethods(
                    password: signInMethods[$0.id]?.password ?? true, school: signInMethods[$0.id]?.school ?? []),
                schoolLinked: !(signInMethods[$0.id]?.school.isEmpty ?? true))
        }
        self.invitations = invitations.map {
            Invitation(
                id: $0.id, email: $0.email, role: $0.role.name, status: $0.status.rawValue, expires: Self.time($0.expiresAt),
                pending: $0.status == .pending)
        }
        self.audit = audit.map {
            Entry(
                at: Self.time($0.at), actor: $0.actorEmail, action: $0.action.replacingOccurrences(of: "_", with: " "),
                target: $0.targetEmail ?? $0.courseName.map { "course \($0)" } ?? "-", from: $0.clientAddress)
        }
        hasAccounts = !accounts.isEmpty
        hasInvitations = !invitations.isEmpty
        hasAudit = !audit.isEmpty
    }

    /// As the other pages write times, in UTC (accounts belong to no course's time zone).
    static func time(_ date: Date) -> String { PageTime.text(date, timeZone: "UTC") }
}
