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

    /// Whether `token` has the shape of one of these tokens (43 base64url characters): anything
    /// else is refused before it is hashed or looked up.
    static func isWellFormed(_ token: some StringProtocol) -> Bool {
        token.utf8.count == 43 && token.utf8.allSatisfy(isTokenByte)
    }

    /// base64url without padding.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
