import Crypto
import Foundation

/// Tokens that prove a form came from one of our pages: an HMAC of the browser's session id
/// (signed in) or of its pre-session cookie (the sign-in and registration forms, against
/// login CSRF), under a key derived from the signing secret. Nothing is stored: the token
/// is worked out again from the cookie the request carries, so a forged form from another
/// site, which cannot read our cookie or page, cannot hold it.
struct CSRFTokens: Sendable {
    private let key: SymmetricKey

    init(secret: [UInt8]) {
        let derived = HMAC<SHA256>.authenticationCode(for: Data("examprep csrf v1".utf8), using: SymmetricKey(data: secret))
        self.key = SymmetricKey(data: Data(derived))
    }

    func token(session sessionID: UUID) -> String {
        token(for: "session:" + sessionID.uuidString)
    }

    func token(preSession value: String) -> String {
        token(for: "pre:" + value)
    }

    private func token(for message: String) -> String {
        Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: key))
    }

    /// Whether `presented` is `expected`, compared in constant time.
    static func matches(_ presented: String?, _ expected: String) -> Bool {
        guard let presented else { return false }
        let left = Array(presented.utf8)
        let right = Array(expected.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for (a, b) in zip(left, right) { difference |= a ^ b }
        return difference == 0
    }
}
