import ExamPrepShared
import Foundation

/// Getting into an account without its password: an invitation's link, a reset link, and
/// asking for a mailed one. None of them signs in.
extension Account {
    /// `POST /api/password-reset`: asks the server to mail a reset link to `email`. The answer
    /// is the same whether or not the address has an account.
    public func forgotPassword(email: String) async throws -> SuccessResponse {
        try await session.send(.forgotPassword(PasswordResetRequest(email: email)))
    }

    /// `POST /api/password-reset/{token}`: sets a new password with a reset link's token (or the
    /// whole link); every session of the account ends.
    public func resetPassword(link: String, newPassword: String) async throws -> SuccessResponse {
        try await session.send(.resetPassword(token: Self.token(of: link), PasswordResetCompletion(newPassword: newPassword)))
    }

    /// `POST /api/invitations/{token}`: makes the invited account with `password`.
    public func acceptInvitation(link: String, password: String) async throws -> AcceptedInvitation {
        try await session.send(.acceptInvitation(token: Self.token(of: link), InvitationAcceptance(password: password)))
    }

    /// The token of a link (its last path segment), or the text itself when it is no link.
    public nonisolated static func token(of link: String) -> String {
        let trimmed = link.trimmingCharacters(in: .whitespacesAndNewlines)
        let path = trimmed.split(separator: "?", maxSplits: 1).first ?? ""
        return path.split(separator: "/").last.map(String.init) ?? trimmed
    }
}
