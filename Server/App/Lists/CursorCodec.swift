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
        encode(text: String(after))
    }

    func decode(_ cursor: String) -> Int? {
        decodeText(cursor).flatMap { Int($0) }
    }

    /// A cursor holding `text` (a sort key of several parts, written by the program).
    func encode(text: String) -> String {
        let payload = Array(text.utf8)
        return Base64URL.encode(payload) + "." + Base64URL.encode(signature(payload))
    }

    /// The text of a cursor this server made, or nil.
    func decodeText(_ cursor: String) -> String? {
        let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64URL.decode(parts[0]), let presented = Base64URL.decode(parts[1]),
            Array(presented) == signature(Array(payload))
        else { return nil }
        return String(decoding: payload, as: UTF8.self)
    }

    private func signature(_ payload: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: payload, using: key).prefix(16))
    }
}
