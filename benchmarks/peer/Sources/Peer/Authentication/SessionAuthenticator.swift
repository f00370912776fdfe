import Fluent
import JWT
import Vapor

/// Signs in the bearer of a valid access token whose session is still open: not revoked, not
/// expired, and its account not disabled. Looked up on every request (no cache).
struct SessionAuthenticator: JWTAuthenticator {
    func authenticate(jwt: AccessTokenPayload, for request: Request) async throws {
        guard let userID = Int(jwt.sub.value), let sessionID = UUID(uuidString: jwt.sid) else { return }
        let open = try await Session.query(on: request.db)
            .join(User.self, on: \Session.$user.$id == \User.$id)
            .filter(\.$id == sessionID)
            .filter(\.$user.$id == userID)
            .filter(\.$revokedAt == nil)
            .filter(\.$expiresAt > Date())
            .filter(User.self, \.$disabledAt == nil)
            .first()
        guard open != nil else { return }
        request.auth.login(SignedInUser(id: userID, role: jwt.role, sessionID: sessionID))
    }
}
