import ExamPrepEmbeddedPostgres
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Stops and deletes the test cluster when the process exits, and clusters that
/// crashed test runs left behind.
enum TestClusterCleanup {
    /// Test cluster folders are `<tmp>/examprep-tests-<pid>-<random>`.
    static let folderPrefix = "examprep-tests-"

    private static let registered = Mutex<(postgres: EmbeddedPostgres, folder: URL)?>(nil)

    /// Remembers the cluster and installs the exit handler (once).
    static func register(_ postgres: EmbeddedPostgres, folder: URL) {
        let first = registered.withLock { current in
            defer { current = (postgres, folder) }
            return current == nil
        }
        if first {
            atexit {
                guard let cluster = TestClusterCleanup.registered.withLock({ $0 }) else { return }
                cluster.postgres.stopBlocking()
                try? FileManager.default.removeItem(at: cluster.folder)
            }
        }
    }

    /// Stops and deletes the clusters of test processes that no longer exist
    /// (a crashed or killed run never reaches its exit handler). Best effort.
    static func removeLeftovers(logger: Logger) {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix(folderPrefix) {
            let rest = name.dropFirst(folderPrefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }), pid != getpid() else { continue }
            if kill(pid, 0) == 0 || errno == EPERM { continue }  // its process still runs
            let folder = temporary.appendingPathComponent(name, isDirectory: true)
            logger.notice("removing the test cluster of a process that is gone", metadata: ["folder": "\(folder.path)"])
            Task.detached {
                let leftover = EmbeddedPostgres(dataDirectory: folder, database: "postgres", logger: logger)
                try? await leftover.stop()
                try? FileManager.default.removeItem(at: folder)
            }
        }
    }
}
