import Foundation
import JWTKit
import Logging

/// The school's OpenID provider as ExamPrep talks to it: its discovery document (read once,
/// again after a day), the address that sends a browser to it, the exchange of a code for an
/// ID token, and that token's check (the signature by the provider's keys, `ProviderKeys`; the
/// claims by `IDTokenCheck`).
actor OpenIDProvider {
    /// The part of the discovery document ExamPrep uses.
    struct Metadata: Decodable, Sendable {
        var issuer: String
        var authorizationEndpoint: String
        var tokenEndpoint: String
        var jwksURI: String

        enum CodingKeys: String, CodingKey {
            case issuer
            case authorizationEndpoint = "authorization_endpoint"
            case tokenEndpoint = "token_endpoint"
            case jwksURI = "jwks_uri"
        }
    }

    /// Why the provider could not be used for a sign-in (each is logged; none holds a token).
    enum Failure: Error, Equatable {
        /// Down, slow, or an answer that is not what OpenID Connect says.
        case unavailable(String)
        /// The token or its claims are refused.
        case refused(IDTokenCheck.Refusal)
    }

    let settings: SchoolSignInSettings
    let http: ProviderHTTP
    let keys: ProviderKeys
    private let clock: ServerClock
    private var metadata: (value: Metadata, readAt: Date)?

    static let maxDocumentBytes = 64 * 1024
    static let maxTokenReplyBytes = 256 * 1024
    static let metadataLifetime: TimeInterval = 86_400

    init(settings: SchoolSignInSettings, http: ProviderHTTP, clock: ServerClock) {
        self.settings = settings
        self.http = http
        self.clock = clock
        self.keys = ProviderKeys(http: http, clock: clock)
    }

    var issuer: String { settings.issuer?.absoluteString ?? "" }

    /// The discovery document, read when none is known or the one known is a day old. Its
    /// `issuer` must be the configured one, and its addresses https (or the issuer's loopback).
    func discovery() async throws(Failure) -> Metadata {
        if let metadata, clock.now().timeIntervalSince(metadata.readAt) < Self.metadataLifetime { return metadata.value }
        guard let url = URL(string: issuer + "/.well-known/openid-configuration") else { throw .unavailable("the issuer is no URL") }
        let document: Metadata = try await fetchJSON { try await self.http.get(url, maxBytes: Self.maxDocumentBytes) }
        guard document.issuer == issuer else { throw .unavailable("the discovery document names another issuer") }
        for address in [document.authorizationEndpoint, document.tokenEndpoint, document.jwksURI] {
            guard let url = URL(string: address), Self.isAllowedEndpoint(url, loopbackIssuer: settings.isLoopbackIssuer) else {
                throw .unavailable("the discovery document names an address that is not https")
            }
        }
        metadata = (document, clock.now())
        return document
    }

    /// Where to send the browser: the authorization endpoint with this sign-in's state, nonce
    /// and PKCE challenge (S256), asking for the address too.
    func authorizationURL(state: String, nonce: String, codeChallenge: String, redirectURI: String) async throws(Failure) -> URL {
        let document = try await discovery()
        guard var components = URLComponents(string: document.authorizationEndpoint) else {
            throw .unavailable("the authorization endpoint is no URL")
        }
        // Every value percent-encoded but the unreserved characters (`+`, `&`, `:` and `/` too).
        let query = ProviderHTTP.encode([
            ("response_type", "code"), ("client_id", settings.clientID ?? ""), ("redirect_uri", redirectURI),
            ("scope", "openid email profile"), ("state", state), ("nonce", nonce), ("code_challenge", codeChallenge),
            ("code_challenge_method", "S256"),
        ])
        components.percentEncodedQuery = components.percentEncodedQuery.map { $0 + "&" + query } ?? query
        guard let url = components.url else { throw .unavailable("the authorization endpoint is no URL") }
        return url
    }

    /// Exchanges `code` (with the PKCE verifier) for the ID token, and checks it.
    func identity(code: String, verifier: String, nonce: String, redirectURI: String) async throws(Failure) -> SchoolIdentity {
        let document = try await discovery()
        guard let url = URL(string: document.tokenEndpoint) else { throw .unavailable("the token endpoint is no URL") }
        let form = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier),
            ("client_id", settings.clientID ?? ""), ("client_secret", settings.clientSecret ?? ""),
        ]
        struct TokenReply: Decodable {
            var idToken: String
            enum CodingKeys: String, CodingKey { case idToken = "id_token" }
        }
        let reply: TokenReply = try await fetchJSON { try await self.http.post(url, form: form, maxBytes: Self.maxTokenReplyBytes) }
        return try await check(idToken: reply.idToken, nonce: nonce, jwksURI: document.jwksURI)
    }

    /// The token's signature (RS256, by a key of the provider's set) and then its claims.
    private func check(idToken: String, nonce: String, jwksURI: String) async throws(Failure) -> SchoolIdentity {
        guard let header = Self.header(of: idToken) else { throw .refused(.untrusted("the ID token is not a JWT")) }
        guard header.alg == "RS256" else { throw .refused(.untrusted("the ID token is not signed with RS256")) }
        guard let kid = header.kid, !kid.isEmpty, let url = URL(string: jwksURI) else {
            throw .refused(.untrusted("the ID token names no key"))
        }
        let collection = try await keys.collection(holding: kid, from: url)
        let claims: IDTokenClaims
        do {
            claims = try await collection.verify(idToken, as: IDTokenClaims.self)
        } catch {
            throw .refused(.untrusted("the ID token's signature does not verify"))
        }
        let rules = IDTokenCheck(
            issuer: issuer, clientID: settings.clientID ?? "", allowedDomains: settings.allowedDomains,
            allowedTenants: settings.allowedTenants)
        do throws(IDTokenCheck.Refusal) {
            return try rules.identity(of: claims, nonce: nonce, now: clock.now())
        } catch {
            throw .refused(error)
        }
    }

    /// A JSON answer with status 200, decoded.
    private func fetchJSON<T: Decodable>(_ call: () async throws -> ProviderHTTP.Reply) async throws(Failure) -> T {
        let reply: ProviderHTTP.Reply
        do {
            reply = try await call()
        } catch {
            throw .unavailable("\(error)")
        }
        guard reply.status == 200 else { throw .unavailable("the provider answered \(reply.status)") }
        do {
            return try JSONDecoder().decode(T.self, from: Data(reply.body))
        } catch {
            throw .unavailable("the provider's answer is not the JSON OpenID Connect says")
        }
    }

    /// An address of the provider's: https, or http on a loopback address for a loopback issuer.
    static func isAllowedEndpoint(_ url: URL, loopbackIssuer: Bool) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty, url.user == nil else {
            return false
        }
        return scheme == "https" || (scheme == "http" && loopbackIssuer && SchoolSignInSettings.isLoopback(host))
    }

    struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    static func header(of token: String) -> Header? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let bytes = Base64URL.decode(parts[0]) else { return nil }
        return try? JSONDecoder().decode(Header.self, from: bytes)
    }
}

/// The provider's signing keys (its JWKS), kept in memory: read when a token names a key not
/// known yet (a provider rotates its keys), at most once a minute; meanwhile a token signed by
/// a key the set lacks is refused. Only RSA keys for signatures (RS256) are taken.
actor ProviderKeys {
    let http: ProviderHTTP
    let clock: ServerClock
    private var collection = JWTKeyCollection()
    private var kids: Set<String> = []
    /// When the set was last asked for (read or not): at most once a minute.
    private var lastAsked: Date?
    private var reading: Task<Void, Never>?

    static let minimumInterval: TimeInterval = 60
    static let maxBytes = 256 * 1024

    init(http: ProviderHTTP, clock: ServerClock) {
        self.http = http
        self.clock = clock
    }

    /// The keys, holding `kid` (read again if it is not known and the last read is a minute old).
    func collection(holding kid: String, from url: URL) async throws(OpenIDProvider.Failure) -> JWTKeyCollection {
        if !kids.contains(kid) {
            if let reading {
                await reading.value
            } else if lastAsked.map({ clock.now().timeIntervalSince($0) >= Self.minimumInterval }) ?? true {
                lastAsked = clock.now()
                let task = Task { await self.read(url) }
                reading = task
                await task.value
                reading = nil
            }
        }
        guard kids.contains(kid) else {
            throw kids.isEmpty
                ? .unavailable("the provider's keys could not be read")
                : .refused(.untrusted("the ID token's key is not in the provider's key set"))
        }
        return collection
    }

    /// Reads the key set; a failed read leaves the keys known as they were.
    private func read(_ url: URL) async {
        struct KeySet: Decodable {
            struct Key: Decodable {
                var kty: String?
                var kid: String?
                var use: String?
                var alg: String?
                var n: String?
                var e: String?
            }
            var keys: [Key]
        }
        guard let reply = try? await http.get(url, maxBytes: Self.maxBytes), reply.status == 200,
            let set = try? JSONDecoder().decode(KeySet.self, from: Data(reply.body))
        else { return }
        let fresh = JWTKeyCollection()
        var fetched: Set<String> = []
        for key in set.keys where key.kty == "RSA" && (key.use ?? "sig") == "sig" && (key.alg ?? "RS256") == "RS256" {
            guard let kid = key.kid, let n = key.n, let e = key.e,
                let publicKey = try? Insecure.RSA.PublicKey(modulus: n, exponent: e)
            else { continue }
            await fresh.add(rsa: publicKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: kid))
            fetched.insert(kid)
        }
        collection = fresh
        kids = fetched
    }
}
