import Crypto
import Foundation

/// Opaque refresh tokens: 256 bits from the system's CSPRNG, base64url. Only their SHA-256
/// is stored, so a database leak yields no usable token.
enum RefreshTokens {
    static func generate() -> (token: String, hash: [UInt8]) {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let token = Base64URL.encode(bytes)
        return (token, hash(token))
    }

    static func hash(_ token: String) -> [UInt8] {
        Array(SHA256.hash(data: Data(token.utf8)))
    }
}
