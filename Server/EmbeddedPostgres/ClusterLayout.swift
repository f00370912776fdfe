import Foundation

/// Where the pieces of one embedded cluster live.
///
/// ```
/// <dataDirectory>/            0700
///     pgdata/                 the cluster itself (initdb's folder; must start empty, hence its own folder)
///     socket/                 the unix socket, 0700 (unless that path is too long, see below)
///     postgres.log            the server log
///     superuser               the name of the cluster's superuser
/// ```
///
/// A unix socket path is limited to 107 bytes (`sun_path`). When
/// `<dataDirectory>/socket/.s.PGSQL.<port>` would be longer, each start makes a new folder
/// with a random name under the system's temporary folder (`mkdtemp`, mode 0700) and removes
/// it at stop: a predictable name could be created first by another user of the machine.
struct ClusterLayout: Sendable {
    let root: URL
    let clusterDirectory: URL
    /// The socket folder inside the data folder, or nil when that path is too long for a socket.
    let preferredSocketDirectory: URL?
    let logFile: URL
    /// Settings we own, rewritten on every start; `postgresql.conf` includes it.
    let settingsFile: URL
    /// Client authentication, rewritten on every start: the unix socket only.
    let hbaFile: URL
    let superuserFile: URL

    static let maximumSocketPathBytes = 107
    static let settingsFileName = "examprep.conf"

    init(root: URL, port: Int) {
        let root = root.standardizedFileURL
        self.root = root
        clusterDirectory = root.appendingPathComponent("pgdata", isDirectory: true)
        logFile = root.appendingPathComponent("postgres.log", isDirectory: false)
        settingsFile = clusterDirectory.appendingPathComponent(Self.settingsFileName, isDirectory: false)
        hbaFile = clusterDirectory.appendingPathComponent("pg_hba.conf", isDirectory: false)
        superuserFile = root.appendingPathComponent("superuser", isDirectory: false)
        let preferred = root.appendingPathComponent("socket", isDirectory: true)
        let fits = Self.socketPath(in: preferred.path, port: port).utf8.count <= Self.maximumSocketPathBytes
        preferredSocketDirectory = fits ? preferred : nil
    }

    static func socketPath(in directory: String, port: Int) -> String {
        "\(directory)/.s.PGSQL.\(port)"
    }
}
