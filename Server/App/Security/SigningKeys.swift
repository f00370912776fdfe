import Crypto
import Foundation

/// HMAC keys for access tokens: one that signs, any number that only verify (the previous
/// secrets during a rotation). Each key's id (`kid`) is derived from the secret itself, so
/// rotating the secret rotates the id and tokens name the key that made them.
struct SigningKeys: Sendable {
    struct Key: Sendable, Equatable {
        var id: String
        var secret: [UInt8]

        init(secret: [UInt8]) {
            self.secret = secret
            let digest = SHA256.hash(data: secret)
            self.id = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
        }
    }

    static let minimumSecretBytes = 32

    var signing: Key
    var verificationOnly: [Key]

    var all: [Key] { [signing] + verificationOnly.filter { $0.id != signing.id } }

    init(signingSecret: [UInt8], previousSecrets: [[UInt8]] = []) throws {
        for secret in [signingSecret] + previousSecrets where secret.count < Self.minimumSecretBytes {
            throw ConfigurationError("a JWT secret must be at least \(Self.minimumSecretBytes) bytes (got \(secret.count))")
        }
        self.signing = Key(secret: signingSecret)
        self.verificationOnly = previousSecrets.map(Key.init(secret:))
    }
}
