import Crypto
import Foundation

/// Opaque page cursors: the sort key of the last item, with an HMAC so that a cursor that was
/// made up or altered is refused (400) rather than trusted. The key is derived from the JWT
/// signing secret, so every replica reads every other's cursors.
struct CursorCodec: Sendable {
    private let key: SymmetricKey

    init(secret: [UInt8]) {
        key = SymmetricKey(
            data: HMAC<SHA256>.authenticationCode(for: Array("examprep-page-cursor".utf8), using: SymmetricKey(data: secret)))
    }

    func encode(after: Int) -> String {
        let payload = Array(String(after).utf8)
        return Base64URL.encode(payload) + "." + Base64URL.encode(signature(payload))
    }

    func decode(_ cursor: String) -> Int? {
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64URL.decode(parts[0]), let presented = Base64URL.decode(parts[1]),
            Array(presented) == signature(Array(payload))
        else { return nil }
        return Int(String(decoding: payload, as: UTF8.self))
    }

    private func signature(_ payload: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: payload, using: key).prefix(16))
    }
}
