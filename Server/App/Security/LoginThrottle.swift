import ExamPrepShared
import Foundation
import HTTPTypes

/// Brute-force limits on logins: per account and per client address, counted in PostgreSQL.
struct LoginThrottle: Sendable {
    let failures: LoginFailureRepository
    let window: TimeInterval
    let maxPerAccount: Int
    let maxPerAddress: Int

    /// Throws 429 with `Retry-After` while either limit is reached; otherwise says whether
    /// the account has failures on record (to clear after a success).
    func checkAllowed(emailLower: String, clientAddress: String) async throws -> LoginFailureRepository.Standing {
        let standing = try await failures.standing(
            emailLower: emailLower, clientAddress: clientAddress,
            accountLimit: maxPerAccount, addressLimit: maxPerAddress, window: window)
        guard let unlocksAt = [standing.accountUnlocksAt, standing.addressUnlocksAt].compactMap({ $0 }).max() else {
            return standing
        }
        let seconds = max(1, Int(unlocksAt.timeIntervalSinceNow.rounded(.up)))
        throw APIError(
            .tooManyRequests, .rateLimited, "Too many failed logins; try again in \(seconds) seconds.", retryAfter: seconds)
    }

    func recordFailure(emailLower: String, clientAddress: String) async throws {
        try await failures.record(emailLower: emailLower, clientAddress: clientAddress, window: window)
    }

    func recordSuccess(emailLower: String, standing: LoginFailureRepository.Standing) async throws {
        guard standing.accountHasFailures else { return }
        try await failures.clear(emailLower: emailLower)
    }
}
