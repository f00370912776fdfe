import Foundation

/// Sign-in with the school's accounts (OpenID Connect: Microsoft Entra, Google Workspace, any
/// provider), as the `OIDC_…` settings give it. Off while `issuer` is nil: no button, and the
/// routes answer 404.
public struct SchoolSignInSettings: Sendable {
    /// The provider's issuer (`https://login.microsoftonline.com/<tenant>/v2.0`); its discovery
    /// document is at `/.well-known/openid-configuration` under it.
    public var issuer: URL?
    public var clientID: String?
    public var clientSecret: String?
    /// The email domains allowed (lower case); the address must be verified by the provider.
    public var allowedDomains: [String] = []
    /// Microsoft's `tid` values allowed; empty: any.
    public var allowedTenants: [String] = []
    /// The button on the sign-in page.
    public var buttonLabel = "Sign in with your school account"
    /// Each call to the provider (discovery, keys, the code's exchange) at most: connecting
    /// takes at most half of it (code only; tests shorten it).
    public var timeout: Duration = .seconds(10)

    public init() {}

    /// Whether sign-in with the school's accounts is on.
    public var isEnabled: Bool { issuer != nil }

    /// Whether `url` is an issuer the server may ask: `https://`, or `http://` on a loopback
    /// address (a provider of one's own, for tests and checks).
    static func isAllowedIssuer(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty, url.query == nil,
            url.fragment == nil, url.user == nil
        else { return false }
        return scheme == "https" || (scheme == "http" && isLoopback(host))
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "127.0.0.1" || host == "::1" || host == "[::1]"
    }

    /// Whether the issuer is a provider on this machine (then `PUBLIC_URL` may stay unset).
    var isLoopbackIssuer: Bool { issuer.flatMap(\.host).map { Self.isLoopback($0.lowercased()) } ?? false }
}

extension AppConfiguration {
    /// The `OIDC_…` settings that only make sense together, checked once all of them are read
    /// (at start, and by `buildApplication` for a configuration made in code).
    func checkSchoolSignInSettings() throws {
        let settings = schoolSignIn
        guard let issuer = settings.issuer else { return }
        guard SchoolSignInSettings.isAllowedIssuer(issuer) else {
            throw ConfigurationError(
                "OIDC_ISSUER (--oidc-issuer) must be an https:// URL (or http:// on 127.0.0.1 for a provider of your own), got \(issuer)")
        }
        guard settings.clientID?.isEmpty == false else {
            throw ConfigurationError("OIDC_ISSUER is set without OIDC_CLIENT_ID (--oidc-client-id), the app's id at the provider")
        }
        guard settings.clientSecret?.isEmpty == false else {
            throw ConfigurationError("OIDC_ISSUER is set without OIDC_CLIENT_SECRET (or OIDC_CLIENT_SECRET_FILE), the app's secret")
        }
        guard !settings.allowedDomains.isEmpty else {
            throw ConfigurationError(
                "OIDC_ISSUER is set without OIDC_ALLOWED_DOMAINS (--oidc-allowed-domains): name the school's email domains")
        }
        if publicURL == nil, !settings.isLoopbackIssuer {
            throw ConfigurationError(
                "OIDC_ISSUER is set without PUBLIC_URL (--public-url): the address registered with the provider is "
                    + "PUBLIC_URL/auth/oidc/callback, never one taken from a request")
        }
    }
}

extension ServerSettings {
    /// Sign-in with the school's accounts (OpenID Connect).
    static let schoolSignIn: [ServerSetting] = [
        .custom(
            "OIDC_ISSUER",
            help: "The school's OpenID Connect provider (https://login.microsoftonline.com/<tenant-id>/v2.0, "
                + "https://accounts.google.com): its discovery document is at /.well-known/openid-configuration under it. Set, the "
                + "sign-in page shows the button and PUBLIC_URL/auth/oidc/callback is the address to register with the provider. "
                + "Unset: no button, and /auth/oidc/… answers 404. https:// only, but for a provider of your own on 127.0.0.1.",
            default: "—", allowed: "an https:// URL",
            current: { $0.schoolSignIn.issuer?.absoluteString ?? "—" },
            rule: { settings, configuration in
                guard let text = settings.string("OIDC_ISSUER") else { return }
                guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text),
                    SchoolSignInSettings.isAllowedIssuer(url)
                else {
                    throw ConfigurationError(
                        "OIDC_ISSUER (--oidc-issuer) must be an https:// URL (or http:// on 127.0.0.1 for a provider of your own), "
                            + "got \(text)")
                }
                configuration.schoolSignIn.issuer = url
            }),
        .custom(
            "OIDC_CLIENT_ID", help: "The application's (client) id the provider gave ExamPrep.", default: "—", allowed: "text",
            current: { $0.schoolSignIn.clientID ?? "—" },
            rule: { settings, configuration in
                if let id = settings.string("OIDC_CLIENT_ID") { configuration.schoolSignIn.clientID = id }
            }),
        .custom(
            "OIDC_CLIENT_SECRET", help: "The application's client secret at the provider; prefer OIDC_CLIENT_SECRET_FILE.",
            secret: true, default: "—", allowed: "text",
            rule: { settings, configuration in
                guard let bytes = try settings.valueOrFile("OIDC_CLIENT_SECRET", file: "OIDC_CLIENT_SECRET_FILE") else { return }
                configuration.schoolSignIn.clientSecret = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            }),
        .custom(
            "OIDC_CLIENT_SECRET_FILE", help: "File holding OIDC_CLIENT_SECRET (it stays out of the environment).", default: "—",
            allowed: "a file"),
        .custom(
            "OIDC_ALLOWED_DOMAINS",
            help: "The email domains whose addresses may sign in with the provider, comma-separated (school.edu.pl, "
                + "uczen.school.edu.pl); the provider must say the address is verified (email_verified; Microsoft's xms_edov).",
            default: "—", allowed: "domains",
            current: { $0.schoolSignIn.allowedDomains.isEmpty ? "—" : $0.schoolSignIn.allowedDomains.joined(separator: ",") },
            rule: { settings, configuration in
                let domains = settings.list("OIDC_ALLOWED_DOMAINS").map { $0.lowercased() }
                for domain in domains where !Self.isDomain(domain) {
                    throw ConfigurationError("OIDC_ALLOWED_DOMAINS (--oidc-allowed-domains) must list domains, got \(domain)")
                }
                if !domains.isEmpty { configuration.schoolSignIn.allowedDomains = domains }
            }),
        .custom(
            "OIDC_ALLOWED_TENANTS",
            help: "Microsoft Entra tenant ids (the tid claim) allowed, comma-separated; unset: any tenant the issuer vouches for.",
            default: "any", allowed: "tenant ids",
            current: { $0.schoolSignIn.allowedTenants.isEmpty ? "any" : $0.schoolSignIn.allowedTenants.joined(separator: ",") },
            rule: { settings, configuration in
                let tenants = settings.list("OIDC_ALLOWED_TENANTS").map { $0.lowercased() }
                if !tenants.isEmpty { configuration.schoolSignIn.allowedTenants = tenants }
            }),
        .custom(
            "OIDC_BUTTON_LABEL", help: "The button's words on the sign-in page (\"Sign in with Microsoft\").",
            default: SchoolSignInSettings().buttonLabel, allowed: "1–60 characters",
            current: { $0.schoolSignIn.buttonLabel },
            rule: { settings, configuration in
                if let label = settings.string("OIDC_BUTTON_LABEL") {
                    guard label.count <= 60 else {
                        throw ConfigurationError("OIDC_BUTTON_LABEL (--oidc-button-label) must be at most 60 characters")
                    }
                    configuration.schoolSignIn.buttonLabel = label
                }
                // The last of these settings: check them together.
                try configuration.checkSchoolSignInSettings()
            }),
    ]

    /// `school.example`: labels of letters, digits and hyphens, at least two.
    private static func isDomain(_ text: String) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && text.count <= 253
            && labels.allSatisfy { label in
                !label.isEmpty && label.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.unicodeScalars.allSatisfy { CharacterSet.asciiLettersAndDigits.contains($0) || $0 == "-" }
            }
    }
}
