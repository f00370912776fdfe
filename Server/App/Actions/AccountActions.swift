import ExamPrepShared
import Foundation
import Logging

/// A person's own password, one implementation for the API (`/api/register`,
/// `/api/me/password`, `/api/password-reset/{token}`) and the pages (`/register`, `/account`,
/// `/reset/{token}`, a class list's link), and the rule every way a password is chosen checks,
/// written here once (`checkPassword`), before anything else is done with the password (an
/// invitation's acceptance and `create-admin` call it too). A refused password is an
/// `InvalidInput` naming the rule it broke, which each face says as it says a field's.
struct AccountActions: Sendable {
    let accounts: Accounts
    let resets: PasswordResets
    let sessions: SessionRepository

    /// The password rule with the server's hash scheme (`checkPassword(_:scheme:)`).
    func checkPassword(_ password: String) throws {
        try Self.checkPassword(password, scheme: accounts.hasher.scheme)
    }

    /// The password rule, for every way a password is chosen, here or elsewhere (an invitation
    /// accepted, `create-admin`), and nowhere else: 8 to 128 characters, any Unicode, never
    /// trimmed or cut; no NUL; within what the hash scheme takes in full (bcrypt: 72 bytes,
    /// libcrypt: 511), so nothing is silently ignored. Lengths count Unicode code points.
    static func checkPassword(_ password: String, scheme: HashScheme) throws {
        let length = password.unicodeScalars.count
        guard length >= 8 else { throw InvalidInput("validation.password-too-short") }
        guard length <= 128 else { throw InvalidInput("validation.password-too-long") }
        guard !password.unicodeScalars.contains("\0") else {
            throw InvalidInput("validation.password-nul")
        }
        guard password.utf8.count <= scheme.maxPasswordBytes else {
            throw InvalidInput("validation.password-too-many-bytes", ["count": .integer(scheme.maxPasswordBytes)])
        }
    }

    /// A new account with its password (`Accounts.register`: the address taken, the limits).
    func register(email: EmailAddress, password: String, role: Role, clientAddress: String, logger: Logger) async throws
        -> Accounts.Registering
    {
        try checkPassword(password)
        return try await accounts.register(email: email, password: password, role: role, clientAddress: clientAddress, logger: logger)
    }

    /// A signed-in person's new password; every other session of theirs ends.
    func changePassword(userID: Int, to newPassword: String, keeping sessionID: UUID, logger: Logger) async throws {
        try checkPassword(newPassword)
        try await accounts.changePassword(userID: userID, to: newPassword, keeping: sessionID, sessions: sessions, logger: logger)
    }

    /// A new password through a mailed reset link or a class list's link (`.gone` when the link
    /// is used, expired or never made).
    func reset(token: String, newPassword: String, logger: Logger) async throws -> PasswordResets.Completion {
        try checkPassword(newPassword)
        return try await resets.complete(token: token, newPassword: newPassword, logger: logger)
    }
}
