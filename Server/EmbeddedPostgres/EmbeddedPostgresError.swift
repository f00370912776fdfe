import Foundation

/// What can go wrong while provisioning the local PostgreSQL cluster.
public enum EmbeddedPostgresError: Error, Sendable, CustomStringConvertible {
    /// No directory searched holds both `initdb` and `pg_ctl`.
    case binariesNotFound(searched: [String])
    /// We run as root, PostgreSQL refuses root, and there is no `postgres` system user to run as.
    case systemUserMissing(String)
    /// A PostgreSQL program exited with a failure; `output` holds what it printed.
    case commandFailed(command: String, status: Int32, output: String)
    /// A file or folder of the cluster could not be prepared.
    case fileSystem(String)
    /// A folder that must be private to PostgreSQL's user is not: someone else owns it, or
    /// others may enter it.
    case notPrivate(path: String, reason: String)

    public var description: String {
        switch self {
        case .binariesNotFound:
            return "PostgreSQL server binaries not found (initdb, pg_ctl); install them with: sudo apt-get install -y postgresql"
        case .systemUserMissing(let user):
            return
                "running as root, but PostgreSQL refuses root and there is no '\(user)' system user to run it as; create one (sudo apt-get install -y postgresql does) or run as an ordinary user"
        case .commandFailed(let command, let status, let output):
            let detail = output.trimmingCharacters(in: .whitespacesAndNewlines)
            return "\(command) failed with exit status \(status)" + (detail.isEmpty ? "" : ": \(detail)")
        case .fileSystem(let message):
            return message
        case .notPrivate(let path, let reason):
            return "refusing to use \(path) for PostgreSQL: \(reason); it must belong to the user PostgreSQL runs as, with mode 0700"
        }
    }
}
