import CompressNIO
import Crypto
import Foundation
import Hummingbird

/// The one stylesheet and the one script of the pages, embedded in the binary. Each is served
/// under a name that holds a hash of its content (`/assets/app.3f2a9c01d4.css`), so it can be
/// cached for a year: a new build changes the name. Each is gzipped once, at start, for the
/// browsers that accept it (all do): the attempt page's first load is a third of its size so.
/// The script is written as files of one behaviour each (`Server/Assets/js`), joined at start in
/// the order of `scriptModules` into the one file a page loads (one request, one hash).
struct PageAssets: Sendable {
    /// The script's files, in the order they are joined: `core.js` first (the `ExamPrep`
    /// namespace the others register on), `attempt-page.js` last (it installs the attempt
    /// page's parts the files before it registered, in their order).
    static let scriptModules = [
        "core.js", "live-rows.js", "sign-in-wait.js", "attempt-answers.js", "offline-queue.js", "attempt-place.js", "autosave.js",
        "sign-in-dialog.js", "countdown.js", "question-panel.js", "flags.js", "attempt-controls.js", "focus-log.js", "attempt-page.js",
    ]

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
        func file(_ name: String) -> String { files.first { $0.name == name }?.contents ?? "" }
        func asset(_ name: String, _ type: String, _ contents: String) -> Asset {
            let hash = SHA256.hash(data: Data(contents.utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
            let parts = name.split(separator: ".", maxSplits: 1)
            let body = ByteBuffer(string: contents)
            var reader = body
            return Asset(
                path: "/assets/\(parts.first ?? "")." + hash + ".\(parts.last ?? "")", contentType: type, body: body,
                gzipped: try? reader.compress(with: .gzip()))
        }
        stylesheet = asset("app.css", "text/css; charset=utf-8", file("app.css"))
        script = asset("app.js", "text/javascript; charset=utf-8", Self.scriptModules.map(file).joined(separator: "\n"))
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
