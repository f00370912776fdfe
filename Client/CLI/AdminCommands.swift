import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep admin …`: a school's accounts, for admins.
struct AdminCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: CLILanguage.text("cli.admin.abstract"),
        subcommands: [Users.self, Invite.self, Invitations.self, Revoke.self, Disable.self, Enable.self, ResetLink.self, Audit.self])

    struct Users: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the accounts, of one role or matching part of an address.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "Only this role: faculty, student or admin.") var role: AnyRoleOption?
        @Option(help: "Only addresses that hold this text.") var search: String?

        func run() async throws {
            let settings = try options.settings()
            let (role, search) = (role?.role, search)
            try await settings.run { client, output in
                let users = try await client.admin.loadUsers(role: role, search: search)
                try output.print(users) {
                    Table(
                        headers: ["ID", "EMAIL", "ROLE", "STATE", "CREATED", "LAST SIGN-IN"],
                        rows: users.map {
                            [
                                "\($0.id)", Table.clip($0.email), $0.role.name, $0.disabled ? "disabled" : "enabled", moment($0.createdAt),
                                $0.lastSignInAt.map(moment) ?? "-",
                            ]
                        }
                    ).render()
                }
            }
        }
    }

    struct Invite: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Invite a teacher or an admin: prints the link (7 days, once) to pass on; mailed too when the server sends mail.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "The invited person's email address.") var email: String
        @Option(help: "faculty or admin.") var role: InvitedRoleOption = .faculty

        func run() async throws {
            let settings = try options.settings()
            let (email, role) = (email, role.role)
            try await settings.run { client, output in
                let link = try await client.admin.invite(email: email, role: role)
                try output.print(link) { "Invitation for \(email) (\(role.name)), valid until \(moment(link.expiresAt)):\n\(link.url)" }
            }
        }
    }

    struct Invitations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the invitations, newest first.")

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let settings = try options.settings()
            try await settings.run { client, output in
                let invitations = try await client.admin.loadInvitations()
                try output.print(invitations) {
                    Table(
                        headers: ["ID", "EMAIL", "ROLE", "STATUS", "EXPIRES"],
                        rows: invitations.map {
                            ["\($0.id)", Table.clip($0.email), $0.role.name, $0.status.rawValue, moment($0.expiresAt)]
                        }
                    ).render()
                }
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a pending invitation: its link stops working.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The invitation's id, from `examprep admin invitations`.") var id: Int

        func run() async throws {
            try await adminAction(options, id, done: "Invitation \(id) revoked.") { try await $0.revokeInvitation($1) }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable an account: it is signed out everywhere at once.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The account's id, from `examprep admin users`.") var id: Int

        func run() async throws {
            try await adminAction(options, id, done: "Account \(id) disabled; all its sessions have ended.") { try await $0.disable($1) }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Enable a disabled account again.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The account's id, from `examprep admin users`.") var id: Int

        func run() async throws {
            try await adminAction(options, id, done: "Account \(id) enabled.") { try await $0.enable($1) }
        }
    }

    struct ResetLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-link", abstract: "Make a password reset link for an account (1 hour, once) to pass on.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The account's id, from `examprep admin users`.") var id: Int

        func run() async throws {
            let settings = try options.settings()
            let id = id
            try await settings.run { client, output in
                let link = try await client.admin.resetLink(for: id)
                try output.print(link) { "Password reset link for account \(id), valid until \(moment(link.expiresAt)):\n\(link.url)" }
            }
        }
    }

    struct Audit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "What admins did: who, what, whom, when, from where.")

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let settings = try options.settings()
            try await settings.run { client, output in
                let entries = try await client.admin.loadAudit()
                try output.print(entries) {
                    Table(
                        headers: ["WHEN", "ADMIN", "ACTION", "ACCOUNT", "FROM"],
                        rows: entries.map {
                            [moment($0.at), Table.clip($0.actorEmail), $0.action, Table.clip($0.targetEmail ?? "-"), $0.clientAddress]
                        }
                    ).render()
                }
            }
        }
    }
}

/// Runs one admin action on the item `id` (an account, an invitation) and says `done`.
private func adminAction(
    _ options: GlobalOptions, _ id: Int, done: String, _ action: @escaping @Sendable @MainActor (Admin, Int) async throws -> Void
) async throws {
    let settings = try options.settings()
    try await settings.run { client, output in
        try await action(client.admin, id)
        try output.print(SuccessResponse(message: done)) { done }
    }
}

/// `--role faculty|student|admin`.
enum AnyRoleOption: String, CaseIterable, ExpressibleByArgument {
    case faculty, student, admin

    var role: Role {
        switch self {
        case .faculty: .faculty
        case .student: .student
        case .admin: .admin
        }
    }
}

/// `--role faculty|admin`: who may be invited.
enum InvitedRoleOption: String, CaseIterable, ExpressibleByArgument {
    case faculty, admin

    var role: Role { self == .admin ? .admin : .faculty }
}
