import ExamPrepRules
import ExamPrepShared
import Foundation

extension ServerSettings {
    /// The pages' settings (issue 37).
    static let web: [ServerSetting] = [
        .custom(
            "PUBLIC_URL",
            help: "The address people open in their browsers (https://exams.school.example): every link the server gives out "
                + "(mail, invitations, password resets, class lists, sign-in links) names it, and it is required with SMTP_URL. "
                + "With https the session cookie is Secure and named __Host-examprep_session; page forms are accepted only from "
                + "this origin. Unset: plain http, links name the address the server listens on (http://127.0.0.1:8080).",
            default: "—", allowed: "an http:// or https:// URL",
            current: { $0.publicURL?.absoluteString ?? "—" },
            rule: { settings, configuration in
                guard let text = settings.string("PUBLIC_URL") else { return }
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
                    url.host?.isEmpty == false
                else {
                    throw ConfigurationError("PUBLIC_URL (--public-url) must be an http:// or https:// URL, got \(text)")
                }
                configuration.publicURL = url
            }),
        .choice(
            "DEFAULT_LANGUAGE", \.defaultLanguage, of: Language.allCases,
            help: "The language of pages, mail, API messages and the CLI for people who chose none and whose browser asks for "
                + "none of ours (en: English, pl: Polski)."),
        .custom(
            "DEFAULT_TIME_ZONE",
            help: "The school's time zone (Europe/Warsaw): a new course's when its teacher names none, and the zone of times "
                + "shown outside a course (the account page's sessions, /admin, mails). A course's pages show the course's own zone.",
            default: AppConfiguration().defaultTimeZone, allowed: "an IANA time zone name",
            current: { $0.defaultTimeZone },
            rule: { settings, configuration in
                guard let text = settings.string("DEFAULT_TIME_ZONE") else { return }
                guard let name = try? Validators.timeZone(text) else {
                    throw ConfigurationError(
                        "DEFAULT_TIME_ZONE (--default-time-zone) must be an IANA time zone name such as Europe/Warsaw or UTC, got \(text)")
                }
                configuration.defaultTimeZone = name
            }),
        .seconds(
            "WEB_SESSION_TTL", \.webSessionLifetime, in: 300...2_592_000,
            help: "Seconds a browser session lasts unused; it never ends while an attempt it started (or resumed) runs."),
    ]
}
