import ExamPrepRules
import Foundation

extension ServerSettings {
    /// Who may make which account (issue 40).
    static let accounts: [ServerSetting] = [
        .custom(
            "FACULTY_REGISTRATION",
            help: "Who may register as faculty: invite (only by an admin's invitation), open (anyone), or a list of email "
                + "domains (domain:school.example,domain:staff.school.example) whose addresses may, each confirming its address "
                + "by a mailed link (needs SMTP_URL). Admins never register.",
            default: "invite", allowed: "invite, open, domain:… list",
            current: { $0.facultyRegistration.text },
            rule: { settings, configuration in
                guard let text = settings.string("FACULTY_REGISTRATION") else { return }
                guard let policy = FacultyRegistration(text: text) else {
                    throw ConfigurationError(
                        "FACULTY_REGISTRATION (--faculty-registration) must be invite, open or domain:a.example[,domain:b.example…], got \(text)"
                    )
                }
                configuration.facultyRegistration = policy
            }),
        .custom(
            "SMTP_URL",
            help: "The SMTP server that sends invitations and password reset links: smtp://user:pass@host:587 (STARTTLS, "
                + "required) or smtps://user:pass@host:465 (TLS from the start); needs PUBLIC_URL, which the mailed links name. "
                + "Unset: no mail is sent, and the start-up log says so.",
            secret: true, default: "—", allowed: "an smtp:// or smtps:// URL",
            rule: { settings, configuration in
                guard let bytes = try settings.valueOrFile("SMTP_URL", file: "SMTP_URL_FILE") else { return }
                let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "smtp" || scheme == "smtps",
                    url.host?.isEmpty == false
                else { throw ConfigurationError("SMTP_URL must be an smtp:// or smtps:// URL with a host") }
                configuration.smtpURL = url
            }),
        .custom(
            "SMTP_URL_FILE", help: "File holding SMTP_URL (its password stays out of the environment).", default: "—", allowed: "a file"),
        .custom(
            "MAIL_FROM", help: "The sender of the server's mail (exams@school.example); required with SMTP_URL.", default: "—",
            allowed: "an email address",
            current: { $0.mailFrom ?? "—" },
            rule: { settings, configuration in
                if let from = settings.string("MAIL_FROM") {
                    guard (try? EmailAddress(validating: from)) != nil else {
                        throw ConfigurationError("MAIL_FROM (--mail-from) must be an email address, got \(from)")
                    }
                    configuration.mailFrom = from
                }
                if configuration.smtpURL != nil, configuration.mailFrom == nil {
                    throw ConfigurationError("SMTP_URL is set without MAIL_FROM (--mail-from), the sender of the server's mail")
                }
                // The last of the mail settings (PUBLIC_URL is read before them).
                try configuration.checkMailSettings()
            }),
    ]
}
