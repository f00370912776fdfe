import ExamPrepShared
import Foundation
import JWTKit
import Synchronization

/// Issues and verifies access tokens (HS256 JWTs through jwt-kit).
///
/// Verification pins the algorithm and refuses a token whose `kid` is missing or unknown
/// before jwt-kit sees it (jwt-kit would otherwise fall back to its default key).
struct AccessTokens: Sendable {
    private let keys: JWTKeyCollection
    private let keyIDs: Set<String>
    private let signingKeyID: String
    let lifetime: TimeInterval
    /// Seconds an expired token is still accepted (clock skew).
    let leeway: TimeInterval
    let clock: ServerClock
    /// Tokens whose signature and claims were verified already: a token is immutable, so
    /// only its expiry needs checking again (whether its session is still open is checked
    /// on every request elsewhere).
    private let verified = VerifiedTokens(capacity: 4096)

    init(keys signingKeys: SigningKeys, lifetime: TimeInterval, leeway: TimeInterval = 30, clock: ServerClock = .system) async {
        let collection = JWTKeyCollection()
        for key in signingKeys.all {
            await collection.add(hmac: HMACKey(from: key.secret), digestAlgorithm: .sha256, kid: JWKIdentifier(string: key.id))
        }
        self.keys = collection
        self.keyIDs = Set(signingKeys.all.map(\.id))
        self.signingKeyID = signingKeys.signing.id
        self.lifetime = lifetime
        self.leeway = leeway
        self.clock = clock
    }

    func issue(userID: Int, role: Role, sessionID: UUID, now: Date? = nil) async throws -> (token: String, expiresAt: Date) {
        // JWT dates are whole seconds (NumericDate), as `exp` in the login body.
        let now = Date(timeIntervalSince1970: (now ?? clock.now()).timeIntervalSince1970.rounded(.down))
        let expiresAt = now.addingTimeInterval(lifetime)
        let claims = AccessTokenClaims(
            sub: SubjectClaim(value: String(userID)),
            role: role.name,
            iat: IssuedAtClaim(value: now),
            exp: ExpirationClaim(value: expiresAt),
            iss: IssuerClaim(value: AccessTokenClaims.issuer),
            aud: AudienceClaim(value: [AccessTokenClaims.audience]),
            jti: IDClaim(value: UUID().uuidString),
            sid: sessionID.uuidString
        )
        let token = try await keys.sign(claims, kid: JWKIdentifier(string: signingKeyID))
        return (token, expiresAt)
    }

    /// What a presented access token proves.
    enum Verification: Sendable, Equatable {
        case valid(AuthenticatedUser)
        /// Signed by us and otherwise fine, but past `exp` (and the leeway): refresh.
        case expired
        case invalid
    }

    func verify(_ token: String) async -> Verification {
        let now = clock.now()
        if let known = verified.lookup(token) {
            return known.expiresAt.addingTimeInterval(leeway) > now ? .valid(known.user) : .expired
        }
        guard let header = TokenHeader(token), header.alg == "HS256", let kid = header.kid, keyIDs.contains(kid) else {
            return .invalid
        }
        guard let claims = try? await keys.verify(token, as: AccessTokenClaims.self),
            claims.iat.value.timeIntervalSince(now) <= AccessTokenClaims.maxClockSkew
        else { return .invalid }
        guard claims.exp.value.addingTimeInterval(leeway) > now else { return .expired }
        guard let userID = Int(claims.sub.value), let role = Role(name: claims.role), let sessionID = UUID(uuidString: claims.sid)
        else {
            return .invalid
        }
        let user = AuthenticatedUser(id: userID, role: role, sessionID: sessionID)
        verified.remember(token, user: user, expiresAt: claims.exp.value)
        return .valid(user)
    }
}

/// The protected header of a compact JWS, read before any key is chosen.
private struct TokenHeader: Decodable {
    var alg: String
    var kid: String?

    init?(_ token: String) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let data = Base64URL.decode(parts[0]),
            let header = try? JSONDecoder().decode(TokenHeader.self, from: data)
        else { return nil }
        self = header
    }
}

/// A bounded memory of verified access tokens (emptied when full).
private final class VerifiedTokens: Sendable {
    struct Known: Sendable {
        var user: AuthenticatedUser
        var expiresAt: Date
    }

    private let capacity: Int
    private let known = Mutex<[String: Known]>([:])

    init(capacity: Int) {
        self.capacity = capacity
    }

    func lookup(_ token: String) -> Known? {
        known.withLock { $0[token] }
    }

    func remember(_ token: String, user: AuthenticatedUser, expiresAt: Date) {
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[token] = Known(user: user, expiresAt: expiresAt)
        }
    }
}
