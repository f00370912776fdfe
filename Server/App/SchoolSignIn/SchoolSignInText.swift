import ExamPrepShared

/// Every sentence the sign-in with the school's accounts (and `examprep login --browser`) shows
/// a person, by its key in the `signin` catalogue: a `Message` to say in the reader's language.
enum SchoolSignInText {
    static let failedHeading = Message("signin.school-failed-heading")
    static let linkHeading = Message("signin.school-link-heading")

    /// The sign-in's state is unknown, used, too old or another browser's.
    static let stateUnknown = Message("signin.school-state-unknown")
    /// The provider said no (`error=` on the callback).
    static func providerRefused(_ error: String) -> Message {
        Message("signin.school-provider-refused", ["error": .text(error)])
    }
    static let providerUnavailable = Message("signin.school-provider-unavailable")
    static let untrusted = Message("signin.school-untrusted")
    static let unverifiedAddress = Message("signin.school-unverified-address")
    static func otherDomain(_ domains: [String]) -> Message {
        Message("signin.school-other-domain", ["domains": .text(domains.joined(separator: ", "))])
    }
    static let otherTenant = Message("signin.school-other-tenant")
    static func noAccount(_ email: String) -> Message {
        Message("signin.school-no-account", ["email": .text(email)])
    }
    static let linkedElsewhere = Message("signin.school-linked-elsewhere")

    /// The account of the address has a password: its owner types it once.
    static func linkExplanation(_ email: String) -> Message {
        Message("signin.school-link-explanation", ["email": .text(email)])
    }
    static let passwordRequired = Message("signin.school-password-required")
    static let wrongPassword = Message("signin.school-wrong-password")
    static let linkExpired = Message("signin.school-link-expired")

    static let appHeading = Message("signin.app-heading")
    /// `examprep login --browser` from a browser already signed in.
    static func appConfirm(_ email: String) -> Message {
        Message("signin.app-confirm", ["email": .text(email)])
    }
    static let appRequestInvalid = Message("signin.app-request-invalid")
    static let appRequestExpired = Message("signin.app-request-expired")
    /// `POST /api/auth/app/token` refused.
    static let appCodeInvalid = Message("signin.app-code-invalid")
}

/// How the admin page says an account signs in, and its unlink's answers.
extension SchoolSignInText {
    static func signInMethods(password: Bool, school: [String], _ catalogue: Catalogue) -> String {
        let methods =
            (password ? [Message("admin.sign-in.password")] : []) + school.map { Message("admin.sign-in.school", ["provider": .text($0)]) }
        return methods.isEmpty
            ? catalogue.string(Message("admin.sign-in.none")) : methods.map { catalogue.string($0) }.joined(separator: ", ")
    }
    static let unlinked = Message("admin.done-unlinked")
    static func notLinked(_ id: Int) -> Message { Message("admin.no-school-account", ["id": .integer(id)]) }
}
