import ExamPrepPostgres
import ExamPrepRules
import Foundation
import Logging

/// Sign-ins on their way through the school's provider (`school_sign_ins`, migration 039):
/// kept under the SHA-256 of their `state` (or, waiting for the account's password, of a token
/// of their own) and bound to the browser by the SHA-256 of its flow cookie. Spent once, within
/// ten minutes; housekeeping deletes the rest.
struct SchoolSignInRepository: Sendable {
    let pool: PostgresPool
    let clock: ServerClock

    static let lifetime: TimeInterval = 10 * 60

    /// A started sign-in: what the callback needs back.
    struct Started: Sendable {
        var nonce: String
        var verifier: String
        var next: String?
    }

    /// A sign-in the provider vouched for, waiting for the account's password.
    struct Held: Sendable {
        var identity: SchoolIdentity
        var userID: Int
        var next: String?
    }

    func start(stateHash: [UInt8], browserHash: [UInt8], started: Started, logger: Logger) async throws {
        let now = clock.now()
        try await pool.execute(
            """
            INSERT INTO school_sign_ins (token_hash, browser_hash, nonce, code_verifier, next_path, created_at, expires_at)
            VALUES (\(stateHash), \(browserHash), \(started.nonce), \(started.verifier), \(started.next), \(now),
                    \(now.addingTimeInterval(Self.lifetime)))
            """, logger: logger)
    }

    /// Spends the sign-in `state` names, if this browser started it within ten minutes; nil
    /// otherwise (unknown, used, too old, or another browser's, which stays for its owner).
    func take(stateHash: [UInt8], browserHash: [UInt8], logger: Logger) async throws -> Started? {
        let rows = try await pool.query(
            """
            DELETE FROM school_sign_ins
            WHERE token_hash = \(stateHash) AND browser_hash = \(browserHash) AND expires_at > \(clock.now()) AND issuer IS NULL
            RETURNING nonce, code_verifier, next_path
            """, logger: logger)
        guard let row = rows.first else { return nil }
        let (nonce, verifier): (String?, String?) = (try row.decode("nonce"), try row.decode("code_verifier"))
        guard let nonce, let verifier else { return nil }
        return Started(nonce: nonce, verifier: verifier, next: try row.decode("next_path"))
    }

    /// Keeps a vouched-for sign-in until the account's owner types its password (ten minutes).
    func hold(_ held: Held, tokenHash: [UInt8], browserHash: [UInt8], logger: Logger) async throws {
        let now = clock.now()
        try await pool.execute(
            """
            INSERT INTO school_sign_ins (token_hash, browser_hash, next_path, issuer, subject, email, user_id, created_at, expires_at)
            VALUES (\(tokenHash), \(browserHash), \(held.next), \(held.identity.issuer), \(held.identity.subject),
                    \(held.identity.email.display), \(held.userID), \(now), \(now.addingTimeInterval(Self.lifetime)))
            """, logger: logger)
    }

    /// The held sign-in of this browser under `tokenHash`, still within its time; `spend`
    /// deletes it (once: false when it was gone).
    func held(tokenHash: [UInt8], browserHash: [UInt8], spend: Bool = false, logger: Logger) async throws -> Held? {
        let now = clock.now()
        let rows =
            spend
            ? try await pool.query(
                """
                DELETE FROM school_sign_ins
                WHERE token_hash = \(tokenHash) AND browser_hash = \(browserHash) AND expires_at > \(now) AND issuer IS NOT NULL
                RETURNING issuer, subject, email, user_id, next_path
                """, logger: logger)
            : try await pool.query(
                """
                SELECT issuer, subject, email, user_id, next_path FROM school_sign_ins
                WHERE token_hash = \(tokenHash) AND browser_hash = \(browserHash) AND expires_at > \(now) AND issuer IS NOT NULL
                """, logger: logger)
        guard let row = rows.first else { return nil }
        let (issuer, subject, email): (String?, String?, String?) = (
            try row.decode("issuer"), try row.decode("subject"), try row.decode("email")
        )
        let userID: Int? = try row.decode("user_id")
        guard let issuer, let subject, let email, let userID, let address = try? EmailAddress(validating: email) else { return nil }
        return Held(
            identity: SchoolIdentity(issuer: issuer, subject: subject, email: address), userID: userID, next: try row.decode("next_path"))
    }

    /// Deletes the sign-ins past their ten minutes; returns how many.
    @discardableResult
    func deleteExpired(logger: Logger) async throws -> Int {
        let now = clock.now()
        let flows = try await pool.execute("DELETE FROM school_sign_ins WHERE expires_at <= \(now)", logger: logger)
        let apps = try await pool.execute("DELETE FROM app_sign_ins WHERE expires_at <= \(now)", logger: logger)
        return flows + apps
    }
}
