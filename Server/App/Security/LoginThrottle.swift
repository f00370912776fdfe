import ExamPrepShared
import HTTPTypes
import Foundation

/// Brute-force limits on logins: per account and per client address, counted in PostgreSQL.
struct LoginThrottle: Sendable {
    let failures: LoginFailureRepository
    let window: TimeInterval
    let maxPerAccount: Int
    let maxPerAddress: Int

    /// Throws 429 with `Retry-After` while either limit is reached.
    func checkAllowed(emailLower: String, clientAddress: String) async throws {
        let accountLock = try await failures.lockedUntil(emailLower: emailLower, limit: maxPerAccount, window: window)
        let addressLock = try await failures.lockedUntil(clientAddress: clientAddress, limit: maxPerAddress, window: window)
        guard let unlocksAt = [accountLock, addressLock].compactMap({ $0 }).max() else { return }
        let seconds = max(1, Int(unlocksAt.timeIntervalSinceNow.rounded(.up)))
        throw APIError(
            .tooManyRequests, .rateLimited, "Too many failed logins; try again in \(seconds) seconds.", retryAfter: seconds)
    }

    func recordFailure(emailLower: String, clientAddress: String) async throws {
        try await failures.record(emailLower: emailLower, clientAddress: clientAddress, window: window)
    }

    func recordSuccess(emailLower: String) async throws {
        try await failures.clear(emailLower: emailLower)
    }
}
