import ExamPrepClient
import ExamPrepShared
import Foundation

/// The CLI's language, from the locale as POSIX orders it: `LC_ALL`, else `LC_MESSAGES`, else
/// `LANG` (the first that is set and not empty decides; `pl_PL.UTF-8` → Polish; `C`, `POSIX`
/// or a language ExamPrep does not speak → English). The CLI sends it as `Accept-Language`, so
/// the server's messages come in it too (unless the person chose their own on the server).
enum CLILanguage {
    static func from(_ environment: [String: String]) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.flatMap(Language.init(posixLocale:)) ?? .en
    }

    static let current = from(ProcessInfo.processInfo.environment)

    /// The text of `key` in the CLI's language (its help, its own sentences).
    static func text(_ key: String, _ values: [String: MessageValue] = [:]) -> String {
        text(Message(key, values))
    }

    /// `message` in the CLI's language.
    static func text(_ message: Message) -> String {
        ExamPrepShared.Catalogue.of(current).string(message)
    }

    /// What went wrong, for a person: the client's and the CLI's errors in the CLI's language.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as APIError: error.message(in: .of(current))
        case let error as CLIError: error.message
        default: error.localizedDescription
        }
    }

    /// A role's name as the pages say it.
    static func roleName(_ role: Role) -> Message {
        switch role {
        case .faculty: Message("admin.role-faculty")
        case .student: Message("admin.role-student")
        case .admin: Message("admin.role-admin")
        }
    }
}
