import Foundation
import Hummingbird

/// The links that carry a one-time token (invitations, password resets): where they point and
/// what a presented token looks like. The token is `RefreshTokens.generate()`'s (256 random
/// bits, base64url); only its SHA-256 is stored.
struct OneTimeLinks: Sendable {
    /// The origin people open (`PUBLIC_URL`'s); nil: the origin of the request that made the link.
    let publicOrigin: String?

    /// `https://exams.school.example/invitations/<token>`.
    func url(path: String, request: Request) -> String {
        let origin = publicOrigin ?? request.head.authority.map { "http://" + $0 } ?? ""
        return origin + path
    }

    /// The hash of a token from a path, or nil when it cannot be one of ours (so a guess that
    /// is not even the right shape costs no query).
    static func hash(presented token: String) -> [UInt8]? {
        let isBase64URL: (Unicode.Scalar) -> Bool = {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
        guard token.utf8.count == 43, token.unicodeScalars.allSatisfy(isBase64URL) else { return nil }
        return RefreshTokens.hash(token)
    }
}
