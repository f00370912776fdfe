import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import Foundation

/// Real PostgreSQL for tests: one embedded cluster per test process, one database per test.
///
///     let configuration = try await TestDatabase.makeDatabase()
///     let pool = PostgresPool(configuration: configuration, logger: logger)
///
/// The cluster lives in a fresh temporary folder, runs with durability off (it is thrown
/// away), and is stopped and deleted when the process exits. Safe to call from parallel tests.
public enum TestDatabase {
    /// The process-wide cluster (started on first use; stopped and deleted at process exit via `atexit`).
    public static func cluster() async throws -> (postgres: EmbeddedPostgres, endpoint: EmbeddedPostgres.Endpoint) {
        try await TestCluster.shared.cluster()
    }

    /// A fresh database of its own for one test. With `migrated: true` (the default) it
    /// has every migration of `sql/` applied: it is a copy of a template migrated once per process.
    public static func makeDatabase(migrated: Bool = true) async throws -> PostgresConfiguration {
        try await TestCluster.shared.makeDatabase(migrated: migrated)
    }

    /// A folder for a throw-away cluster of a test's own (a second server, one to stop): named
    /// as the process's test cluster is, so that if the process dies before the test removes
    /// it, the next test run stops that cluster and deletes the folder.
    public static func throwawayClusterFolder(_ purpose: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(TestClusterCleanup.folderPrefix)\(getpid())-\(purpose)-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
    }

    /// Drops a database made by `makeDatabase` (optional: all of them go with the cluster at exit).
    /// Close its pool first.
    public static func dropDatabase(_ configuration: PostgresConfiguration) async throws {
        guard let name = configuration.parameters.last(where: { $0.key == "dbname" })?.value else { return }
        try await TestCluster.shared.dropDatabase(named: name)
    }
}
