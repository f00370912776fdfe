import Crypto
import Foundation
import Hummingbird

/// The one stylesheet and the one script of the pages, embedded in the binary. Each is served
/// under a name that holds a hash of its content (`/assets/app.3f2a9c01d4.css`), so it can be
/// cached for a year: a new build changes the name.
struct PageAssets: Sendable {
    struct Asset: Sendable {
        var path: String
        var contentType: String
        var body: ByteBuffer
    }

    let stylesheet: Asset
    let script: Asset

    init(files: [(name: String, contents: String)] = embeddedFiles) {
        func asset(_ name: String, _ type: String) -> Asset {
            let contents = files.first { $0.name == name }?.contents ?? ""
            let hash = SHA256.hash(data: Data(contents.utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
            let parts = name.split(separator: ".", maxSplits: 1)
            return Asset(
                path: "/assets/\(parts.first ?? "")." + hash + ".\(parts.last ?? "")", contentType: type, body: ByteBuffer(string: contents)
            )
        }
        stylesheet = asset("app.css", "text/css; charset=utf-8")
        script = asset("app.js", "text/javascript; charset=utf-8")
    }

    func asset(at path: String) -> Asset? {
        [stylesheet, script].first { $0.path == path }
    }
}
