import Foundation

/// Where the pieces of one embedded cluster live.
///
/// ```
/// <dataDirectory>/
///     pgdata/          the cluster itself (initdb's folder; must start empty, hence its own folder)
///     socket/          the unix socket (unless that path is too long, see below)
///     postgres.log     the server log
/// ```
///
/// A unix socket path is limited to 107 bytes (`sun_path`). When
/// `<dataDirectory>/socket/.s.PGSQL.<port>` would be longer, the socket goes to
/// `/tmp/examprep-<hash>` instead, where `<hash>` is derived from the data directory's
/// path, so the same data directory always gets the same socket folder.
struct ClusterLayout: Sendable {
    let root: URL
    let clusterDirectory: URL
    let socketDirectory: URL
    let logFile: URL
    /// Settings we own, rewritten on every start; `postgresql.conf` includes it.
    let settingsFile: URL

    static let maximumSocketPathBytes = 107

    init(root: URL, port: Int) {
        let root = root.standardizedFileURL
        self.root = root
        clusterDirectory = root.appendingPathComponent("pgdata", isDirectory: true)
        logFile = root.appendingPathComponent("postgres.log", isDirectory: false)
        settingsFile = clusterDirectory.appendingPathComponent(Self.settingsFileName, isDirectory: false)
        let preferred = root.appendingPathComponent("socket", isDirectory: true)
        if Self.socketPath(in: preferred.path, port: port).utf8.count <= Self.maximumSocketPathBytes {
            socketDirectory = preferred
        } else {
            let hash = String(Self.fnv1a(root.path), radix: 16)
            socketDirectory = URL(fileURLWithPath: "/tmp/examprep-\(hash)", isDirectory: true)
        }
    }

    static let settingsFileName = "examprep.conf"

    static func socketPath(in directory: String, port: Int) -> String {
        "\(directory)/.s.PGSQL.\(port)"
    }

    /// FNV-1a, 64 bits: stable across runs and platforms (unlike `Hasher`), no dependency.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
