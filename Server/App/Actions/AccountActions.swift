import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A person's own password, one implementation for the API (`/api/register`,
/// `/api/me/password`, `/api/password-reset/{token}`) and the pages (`/register`, `/account`,
/// `/reset/{token}`, a class list's link), each checking the password rule first
/// (`checkPassword`: `PasswordRule`, which an invitation's acceptance and `create-admin` call
/// too), before anything else is done with the password.
struct AccountActions: Sendable {
    let accounts: Accounts
    let resets: PasswordResets
    let sessions: SessionRepository

    /// The password rule (`PasswordRule`) with what the server's hash scheme takes in full.
    func checkPassword(_ password: String) throws {
        try PasswordRule.check(password, maxBytes: accounts.hasher.scheme.maxPasswordBytes)
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
