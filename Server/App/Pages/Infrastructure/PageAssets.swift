import CompressNIO
import Crypto
import Foundation
import Hummingbird

/// The one stylesheet and the one script of the pages, embedded in the binary. Each is served
/// under a name that holds a hash of its content (`/assets/app.3f2a9c01d4.css`), so it can be
/// cached for a year: a new build changes the name. Each is gzipped once, at start, for the
/// browsers that accept it (all do): the attempt page's first load is a third of its size so.
struct PageAssets: Sendable {
    struct Asset: Sendable {
        var path: String
        var contentType: String
        var body: ByteBuffer
        /// `body` gzipped (nil only if zlib failed, when the body is sent as it is).
        var gzipped: ByteBuffer?
    }

    let stylesheet: Asset
    let script: Asset

    init(files: [(name: String, contents: String)] = embeddedFiles) {
        func asset(_ name: String, _ type: String) -> Asset {
            let contents = files.first { $0.name == name }?.contents ?? ""
            let hash = SHA256.hash(data: Data(contents.utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
            let parts = name.split(separator: ".", maxSplits: 1)
            let body = ByteBuffer(string: contents)
            var reader = body
            return Asset(
                path: "/assets/\(parts.first ?? "")." + hash + ".\(parts.last ?? "")", contentType: type, body: body,
                gzipped: try? reader.compress(with: .gzip()))
        }
        stylesheet = asset("app.css", "text/css; charset=utf-8")
        script = asset("app.js", "text/javascript; charset=utf-8")
    }

    func asset(at path: String) -> Asset? {
        [stylesheet, script].first { $0.path == path }
    }
}

extension PageAssets.Asset {
    /// Whether an `Accept-Encoding` header takes gzip (`gzip` or `*`, with a weight above 0).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        // Codings, not media types (RFC 9110 §12.5.3): `gzip;q=0.5, *;q=0`.
        return QualityList.items(header).contains { ["gzip", "x-gzip", "*"].contains($0.name) && $0.quality > 0 }
    }
}
