import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep admin …`: a school's accounts, for admins.
struct AdminCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract: CLILanguage.text("cli.admin.abstract"),
        subcommands: [
            Users.self, Invite.self, Invitations.self, Revoke.self, Disable.self, Enable.self, ResetLink.self, Audit.self,
            EraseAccount.self,
        ])

    struct Users: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.admin.users.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.admin.users.role"))) var role: AnyRoleOption?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.admin.users.search"))) var search: String?

        func run() async throws {
            let settings = try options.settings()
            let (role, search) = (role?.role, search)
            try await settings.run { client, output in
                let users = try await client.admin.loadUsers(role: role, search: search)
                try output.print(users) {
                    Table(
                        headers: [
                            "cli.column.id", "cli.column.email", "cli.column.role", "cli.column.state", "cli.column.created",
                            "cli.column.last-sign-in",
                        ].map { CLILanguage.text($0) },
                        rows: users.map {
                            [
                                "\($0.id)", Table.clip($0.email), CLILanguage.text(CLILanguage.roleName($0.role)),
                                CLILanguage.text($0.disabled ? "admin.disabled" : "admin.enabled"), moment($0.createdAt),
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
            abstract: CLILanguage.text("cli-help.admin.invite.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.admin.invite.email"))) var email: String
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.admin.invite.role"))) var role: InvitedRoleOption = .faculty
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.admin.invite.name"))) var name: String?

        func run() async throws {
            let settings = try options.settings()
            let (email, role, name) = (email, role.role, name)
            try await settings.run { client, output in
                let link = try await client.admin.invite(email: email, role: role, name: name)
                try output.print(link) {
                    let values: [String: MessageValue] = [
                        "email": .text(email), "role": .message(CLILanguage.roleName(role)), "until": .text(moment(link.expiresAt)),
                    ]
                    return CLILanguage.text("cli-admin.invitation", values) + "\n\(link.url)"
                }
            }
        }
    }

    struct Invitations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.admin.invitations.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let settings = try options.settings()
            try await settings.run { client, output in
                let invitations = try await client.admin.loadInvitations()
                try output.print(invitations) {
                    Table(
                        headers: ["cli.column.id", "cli.column.email", "cli.column.role", "cli.column.status", "cli.column.expires"].map {
                            CLILanguage.text($0)
                        },
                        rows: invitations.map {
                            [
                                "\($0.id)", Table.clip($0.email), CLILanguage.text(CLILanguage.roleName($0.role)), statusName($0.status),
                                moment($0.expiresAt),
                            ]
                        }
                    ).render()
                }
            }
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.admin.revoke.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.admin.revoke.id"))) var id: Int

        func run() async throws {
            try await adminAction(options, id, done: CLILanguage.text("cli-admin.revoked", ["id": .integer(id)])) {
                try await $0.revokeInvitation($1)
            }
        }
    }

    struct Disable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.admin.disable.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.account-id"))) var id: Int

        func run() async throws {
            try await adminAction(options, id, done: CLILanguage.text("cli-admin.disabled", ["id": .integer(id)])) {
                try await $0.disable($1)
            }
        }
    }

    struct Enable: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.admin.enable.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.account-id"))) var id: Int

        func run() async throws {
            try await adminAction(options, id, done: CLILanguage.text("cli-admin.enabled", ["id": .integer(id)])) {
                try await $0.enable($1)
            }
        }
    }

    struct ResetLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reset-link", abstract: CLILanguage.text("cli-help.admin.reset-link.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.account-id"))) var id: Int

        func run() async throws {
            let settings = try options.settings()
            let id = id
            try await settings.run { client, output in
                let link = try await client.admin.resetLink(for: id)
                try output.print(link) {
                    CLILanguage.text("cli-admin.reset-link", ["id": .integer(id), "until": .text(moment(link.expiresAt))]) + "\n\(link.url)"
                }
            }
        }
    }

    struct Audit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.admin.audit.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let settings = try options.settings()
            try await settings.run { client, output in
                let entries = try await client.admin.loadAudit()
                try output.print(entries) {
                    Table(
                        headers: ["cli.column.when", "cli.column.admin", "cli.column.action", "cli.column.account", "cli.column.from"].map {
                            CLILanguage.text($0)
                        },
                        rows: entries.map {
                            [moment($0.at), Table.clip($0.actorEmail), $0.action, Table.clip($0.targetEmail ?? "-"), $0.clientAddress]
                        }
                    ).render()
                }
            }
        }
    }
}

/// An invitation's status as the admin pages say it.
private func statusName(_ status: InvitationInfo.Status) -> String {
    switch status {
    case .pending: CLILanguage.text("admin.invitation-pending")
    case .accepted: CLILanguage.text("admin.invitation-accepted")
    case .revoked: CLILanguage.text("admin.invitation-revoked")
    case .expired: CLILanguage.text("admin.invitation-expired")
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
