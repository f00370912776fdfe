import ExamPrepShared
import Foundation
import HTTPTypes

/// The browser's cookies: the session cookie (an opaque token) and the pre-session cookie that
/// the sign-in and registration forms' CSRF tokens are bound to. Both are `HttpOnly` and
/// `SameSite=Lax`; over HTTPS (`PUBLIC_URL` https) also `Secure` with the `__Host-` prefix, which
/// browsers accept only from a secure origin, for the whole host (`Path=/`), with no `Domain`.
/// Neither has a `Max-Age`: a browser that is closed forgets them (a school's shared computers);
/// the server ends an unused session after `WEB_SESSION_TTL` whatever the browser keeps.
struct WebCookies: Sendable {
    let secure: Bool

    var sessionName: String { secure ? "__Host-examprep_session" : "examprep_session" }
    var preSessionName: String { secure ? "__Host-examprep_pre" : "examprep_pre" }
    /// Binds a sign-in on its way through another site (the school's provider, an app's
    /// loopback sign-in) to this browser: never the session cookie.
    var flowName: String { secure ? "__Host-examprep_flow" : "examprep_flow" }

    func setSession(_ token: String) -> String { cookie(sessionName, token) }
    func setPreSession(_ value: String) -> String { cookie(preSessionName, value) }
    func setFlow(_ value: String) -> String { cookie(flowName, value) }
    func clearSession() -> String { cookie(sessionName, "", clear: true) }
    func clearPreSession() -> String { cookie(preSessionName, "", clear: true) }
    /// The language buttons' `lang` cookie: kept a year (a choice, not a secret), its name fixed
    /// (no `__Host-` prefix: pages and scripts of any origin's setup read the same name).
    func setLanguage(_ language: Language) -> String { cookie(Self.languageCookie, language.tag, maxAge: 31_536_000) }

    /// The `lang` cookie's name, the same over http and https.
    static let languageCookie = "lang"

    private func cookie(_ name: String, _ value: String, clear: Bool = false, maxAge: Int? = nil) -> String {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "SameSite=Lax"]
        if secure { parts.append("Secure") }
        if clear { parts.append("Max-Age=0") } else if let maxAge { parts.append("Max-Age=\(maxAge)") }
        return parts.joined(separator: "; ")
    }

    /// The value of cookie `name` in the request's `Cookie` headers (the first, if repeated).
    static func value(_ name: String, in headers: HTTPFields) -> String? {
        for header in headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name else { continue }
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
