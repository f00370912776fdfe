import Foundation

/// What `--help`, `examprep-server settings` and docs/CONFIGURATION.md say about the settings,
/// all written from `ServerSettings.all`.
enum SettingsDocumentation {
    /// The `--help` text: every setting with its variable, flag, default and allowed values.
    static var helpText: String {
        ServerSettings.all.map { setting in
            let names = [setting.environmentName, setting.flag].compactMap { $0 }.joined(separator: ", ")
            return "  \(names)\n      \(setting.help) (default \(setting.defaultText); \(setting.allowedText))"
        }.joined(separator: "\n")
    }

    /// `NAME=value` for every setting in force (secrets as `(set)` or `(not set)`).
    static func current(_ configuration: AppConfiguration) -> String {
        ServerSettings.all.map { setting in
            if setting.isSecret {
                let set =
                    switch setting.environmentName {
                    case "JWT_SECRET": configuration.jwtSecret != nil
                    case "SMTP_URL": configuration.smtpURL != nil
                    case "OIDC_CLIENT_SECRET": configuration.schoolSignIn.clientSecret != nil
                    default: !configuration.jwtPreviousSecrets.isEmpty
                    }
                return "\(setting.environmentName)=\(set ? "(set)" : "(not set)")"
            }
            return "\(setting.environmentName)=\(setting.current(configuration) ?? "")"
        }.joined(separator: "\n")
    }

    /// docs/CONFIGURATION.md, whole.
    static var markdown: String {
        var lines = [
            "# Configuration",
            "",
            "<!-- Written by `examprep-server settings --markdown` from the settings' declarations",
            "     (Server/App/Configuration/ServerSettings.swift); a test fails when this page is stale. -->",
            "",
            "Every setting is an environment variable, and (secrets excepted) a flag of the same name that",
            "wins over it: `PORT=9000` or `examprep-server --port 9000`. None is required in development.",
            "An invalid value, an unknown flag or a flag given twice stops the start before the port is",
            "bound, with one line naming the setting (exit code 78). `examprep-server --help` lists the",
            "same; `examprep-server settings` prints the values in force.",
        ]
        for (title, settings) in [
            ("Server", ServerSettings.server), ("Database", ServerSettings.database), ("Tokens and sessions", ServerSettings.tokens),
            ("Passwords", ServerSettings.passwords),
            ("Limits", ServerSettings.limits + ServerSettings.accountLimits + ServerSettings.media),
            ("Network", ServerSettings.network), ("The pages (browsers)", ServerSettings.web),
            ("Accounts and mail", ServerSettings.accounts),
            ("Sign-in with the school's accounts (OpenID Connect)", ServerSettings.schoolSignIn),
        ] {
            lines += ["", "## \(title)", "", "| variable (flag) | default | allowed | meaning |", "|---|---|---|---|"]
            for setting in settings {
                let names = "`\(setting.environmentName)`" + (setting.flag.map { " (`\($0)`)" } ?? " (no flag: a secret)")
                lines.append("| \(names) | \(cell(setting.defaultText)) | \(cell(setting.allowedText)) | \(cell(setting.help)) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
