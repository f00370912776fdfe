import Foundation
import Synchronization

/// Where every link the server gives people points (invitations, password resets, class
/// lists, sign-in links): `PUBLIC_URL`'s origin, never a request's `Host` header, which a client
/// writes itself (a forged one made the server mail a genuine reset token inside a link to
/// another site). Without `PUBLIC_URL` (a server opened on its own machine; mail refuses to start
/// so) it is the address the server listens on, known once it listens.
final class LinkOrigin: Sendable {
    private let configured: String?
    private let listening = Mutex<String?>(nil)

    init(publicOrigin: String?) {
        configured = publicOrigin
    }

    /// Notes the address the server listens on: `http://127.0.0.1:8080` (any address, `0.0.0.0`
    /// or `::`, names the loopback one).
    func listens(host: String, port: Int) {
        let name =
            switch host {
            case "0.0.0.0", "", "*": "127.0.0.1"
            case "::": "[::1]"
            case let address where address.contains(":"): "[\(address)]"
            case let name: name
            }
        listening.withLock { $0 = "http://\(name):\(port)" }
    }

    /// `https://exams.school.example`, without a slash at the end.
    var origin: String {
        configured ?? listening.withLock { $0 } ?? "http://127.0.0.1"
    }
}

/// The links that carry a one-time token (invitations, password resets): where they point and
/// what a presented token looks like. The token is `RefreshTokens.generate()`'s (256 random
/// bits, base64url); only its SHA-256 is stored.
struct OneTimeLinks: Sendable {
    let origin: LinkOrigin
    /// The school's time zone (`DEFAULT_TIME_ZONE`): a mailed link's end is told in it, unless
    /// the link belongs to a course (a class list's), whose zone it is then.
    var timeZone = "UTC"

    /// `https://exams.school.example/invitations/<token>`.
    func url(path: String) -> String {
        origin.origin + path
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
