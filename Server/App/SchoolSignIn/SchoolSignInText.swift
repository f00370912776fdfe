/// Every sentence the sign-in with the school's accounts (and `examprep login --browser`) shows
/// a person, in one place (a later change moves them into per-language catalogues).
enum SchoolSignInText {
    static let failedHeading = "Signing in with your school account did not work"
    static let linkHeading = "Link your school account"
    static let appHeading = "Sign in to the ExamPrep app"

    /// The sign-in's state is unknown, used, too old or another browser's.
    static let stateUnknown =
        "This sign-in was started in another browser, was used already, or is more than 10 minutes old. Start again from the sign-in page, in this browser."
    /// The provider said no (`error=` on the callback).
    static func providerRefused(_ error: String) -> String {
        "Your school's sign-in service did not sign you in (it said: \(error)). Try again, or sign in with your email and password."
    }
    static let providerUnavailable =
        "Your school's sign-in service did not answer in time, or not as it should. Try again in a few minutes, or sign in with your email and password."
    static let untrusted =
        "Your school's sign-in service sent an answer ExamPrep cannot trust, so nobody was signed in. Start again; if it happens again, tell your school's ExamPrep administrator."
    static let unverifiedAddress =
        "Your school account has no verified email address, so ExamPrep cannot tell whose account it is. Ask your school's IT administrator."
    static func otherDomain(_ domains: [String]) -> String {
        "ExamPrep takes school accounts of \(domains.joined(separator: ", ")) only. Sign out of the other account at your provider and sign in with your school account."
    }
    static let otherTenant =
        "This account belongs to another organisation than your school. Sign out of it at your provider and sign in with your school account."
    static func noAccount(_ email: String) -> String {
        "There is no ExamPrep account for \(email). Ask your school (your teacher or the school's ExamPrep administrator) to add you; ExamPrep does not make accounts by itself."
    }
    static let linkedElsewhere =
        "Your ExamPrep account is linked to another school account. Ask your school's ExamPrep administrator to unlink it, then sign in again."
    static let tryAgain = "Try again"
    static let signInWithPassword = "Sign in with your email and password"

    /// The account of the address has a password: its owner types it once.
    static func linkExplanation(_ email: String) -> String {
        "The ExamPrep account of \(email) has a password. Type it once to link your school account to it; from then on the button signs you in."
    }
    static let linkButton = "Link and sign in"
    static let passwordRequired = "Enter your ExamPrep password."
    static let wrongPassword = "That is not this account's password."
    static let linkExpired =
        "This link of your school account is more than 10 minutes old, or was used already. Start again from the sign-in page."

    /// `examprep login --browser` from a browser already signed in.
    static func appConfirm(_ email: String) -> String {
        "The ExamPrep app on this computer (examprep login --browser) asks to sign in as \(email). Continue only if you started it yourself."
    }
    static let appContinue = "Continue to the app"
    static let appRequestInvalid =
        "This address is not a sign-in of the ExamPrep app: it needs a redirect_uri on http://127.0.0.1 or http://[::1], a code_challenge (S256) and a state. Run examprep login --browser again."
    static let appRequestExpired =
        "This sign-in of the ExamPrep app is more than 10 minutes old, was used already, or was started in another browser. Run examprep login --browser again."
    /// `POST /api/auth/app/token` refused.
    static let appCodeInvalid = "The code is unknown, used, more than a minute old, or its verifier or redirect_uri does not fit."
}

/// How the admin page says an account signs in, and its unlink's answers.
extension SchoolSignInText {
    static func signInMethods(password: Bool, school: [String]) -> String {
        let methods = (password ? ["password"] : []) + school.map { "school account (\($0))" }
        return methods.isEmpty ? "no way yet" : methods.joined(separator: ", ")
    }
    static let unlinkButton = "Unlink school account"
    static let unlinked =
        "The school account is unlinked. Its next sign-in links again only by the rules (an unused account, or its password)."
    static func notLinked(_ id: Int) -> String { "Account \(id) has no school account linked." }
}
