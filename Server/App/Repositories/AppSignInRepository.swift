import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// `examprep login --browser` (RFC 8252; `app_sign_ins`, migration 039): the app's request
/// waits for the browser's sign-in, bound to that browser, for ten minutes; then it is a code
/// for the signed-in person that the app spends once, within a minute, with its PKCE verifier.
/// Only SHA-256 hashes of the request's token and of the code are kept.
struct AppSignInRepository: Sendable {
    let pool: PostgresPool
    let clock: ServerClock

    static let requestLifetime: TimeInterval = 10 * 60
    static let codeLifetime: TimeInterval = 60

    /// What the app asked for.
    struct Request: Sendable, Equatable {
        var redirectURI: String
        var codeChallenge: String
        var state: String
    }

    func create(_ request: Request, tokenHash: [UInt8], browserHash: [UInt8], logger: Logger) async throws {
        let now = clock.now()
        try await pool.execute(
            """
            INSERT INTO app_sign_ins (token_hash, browser_hash, redirect_uri, code_challenge, client_state, created_at, expires_at)
            VALUES (\(tokenHash), \(browserHash), \(request.redirectURI), \(request.codeChallenge), \(request.state), \(now),
                    \(now.addingTimeInterval(Self.requestLifetime)))
            """, logger: logger)
    }

    /// The request of this browser under `tokenHash`, if it still waits.
    func pending(tokenHash: [UInt8], browserHash: [UInt8], logger: Logger) async throws -> Request? {
        let rows = try await pool.query(
            """
            SELECT redirect_uri, code_challenge, client_state FROM app_sign_ins
            WHERE token_hash = \(tokenHash) AND browser_hash = \(browserHash) AND user_id IS NULL AND expires_at > \(clock.now())
            """, logger: logger)
        guard let row = rows.first else { return nil }
        return Request(
            redirectURI: try row.decode("redirect_uri"), codeChallenge: try row.decode("code_challenge"),
            state: try row.decode("client_state"))
    }

    /// Turns the waiting request into a code for `userID` (once: nil when it no longer waits).
    func grant(tokenHash: [UInt8], browserHash: [UInt8], userID: Int, codeHash: [UInt8], logger: Logger) async throws -> Request? {
        let now = clock.now()
        let rows = try await pool.query(
            """
            UPDATE app_sign_ins SET token_hash = \(codeHash), browser_hash = NULL, user_id = \(userID),
                   expires_at = \(now.addingTimeInterval(Self.codeLifetime))
            WHERE token_hash = \(tokenHash) AND browser_hash = \(browserHash) AND user_id IS NULL AND expires_at > \(now)
            RETURNING redirect_uri, code_challenge, client_state
            """, logger: logger)
        guard let row = rows.first else { return nil }
        return Request(
            redirectURI: try row.decode("redirect_uri"), codeChallenge: try row.decode("code_challenge"),
            state: try row.decode("client_state"))
    }

    /// Spends a code: the person it was made for (an enabled account) with the request's
    /// challenge and redirect address, or nil (unknown, used, past its minute). Spent whether
    /// or not the verifier then fits: a code is tried once.
    func redeem(codeHash: [UInt8], logger: Logger) async throws -> (userID: Int, role: Role, request: Request)? {
        let rows = try await pool.query(
            """
            DELETE FROM app_sign_ins a USING users u
            WHERE a.token_hash = \(codeHash) AND a.user_id = u.id AND a.expires_at > \(clock.now()) AND u.disabled_at IS NULL
            RETURNING u.id, u.role_id, a.redirect_uri, a.code_challenge, a.client_state
            """, logger: logger)
        guard let row = rows.first, let role = Role(rawValue: try row.decode("role_id")) else { return nil }
        let request = Request(
            redirectURI: try row.decode("redirect_uri"), codeChallenge: try row.decode("code_challenge"),
            state: try row.decode("client_state"))
        return (try row.decode("id"), role, request)
    }
}
