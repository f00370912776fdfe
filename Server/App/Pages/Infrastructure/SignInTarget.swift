import Foundation
import Hummingbird

/// Where to come back to after signing in: a path of this site only.
enum SignInTarget {
    static func query(for request: Request) -> String {
        guard request.method == .get, let path = request.uri.path.removingPercentEncoding, isLocal(path), path != "/" else { return "" }
        return query(next: path)
    }

    /// `?next=` and the path, percent-encoded (all but RFC 3986's unreserved characters and `/`).
    static func query(next path: String) -> String {
        "?next=" + (path.addingPercentEncoding(withAllowedCharacters: .uriUnreserved.union(.init(charactersIn: "/"))) ?? "")
    }

    /// A path on this site: one leading slash, no scheme, no host, nothing a browser would read as another site.
    static func isLocal(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.hasPrefix("//") && !path.contains("\\") && !path.contains(":")
            && path.unicodeScalars.allSatisfy { $0.value > 0x20 && $0.value < 0x7F } && path.count <= 200
    }
}
