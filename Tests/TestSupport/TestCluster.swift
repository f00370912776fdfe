import ExamPrepEmbeddedPostgres
import ExamPrepMigrations
import ExamPrepPostgres
import Foundation
import Logging
import Synchronization

/// Owns the process-wide test cluster. Work that must happen once (starting the cluster,
/// migrating the template) is a stored `Task` every caller awaits, so parallel tests that
/// arrive together share it instead of racing (actor methods may interleave at `await`).
/// `CREATE DATABASE` statements all go through one admin connection, which runs them one
/// at a time: copying the template needs it free of other sessions.
actor TestCluster {
    static let shared = TestCluster()

    static let templateName = "examprep_template"

    private var startup: Task<Started, any Error>?
    private var template: Task<Void, any Error>?

    private struct Started: Sendable {
        var postgres: EmbeddedPostgres
        var endpoint: EmbeddedPostgres.Endpoint
        var base: PostgresConfiguration
        /// One connection to the `postgres` database, for CREATE and DROP DATABASE.
        var admin: PostgresPool
    }

    private let logger: Logger = {
        var logger = Logger(label: "examprep.test-database")
        logger.logLevel = .notice
        return logger
    }()

    func cluster() async throws -> (postgres: EmbeddedPostgres, endpoint: EmbeddedPostgres.Endpoint) {
        let started = try await started()
        return (started.postgres, started.endpoint)
    }

    func makeDatabase(migrated: Bool) async throws -> PostgresConfiguration {
        let started = try await started()
        let name = "t_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        if migrated {
            try await templateReady()
            _ = try await started.admin.execute(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(Self.templateName)"))
        } else {
            _ = try await started.admin.execute(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
        }
        return started.base.withDatabase(name)
    }

    func dropDatabase(named name: String) async throws {
        let started = try await started()
        let quoted = "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        _ = try await started.admin.execute(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(quoted) WITH (FORCE)"))
    }

    // MARK: - Once per process

    private func started() async throws -> Started {
        if let startup { return try await startup.value }
        let logger = self.logger
        let task = Task { try await Self.start(logger: logger) }
        startup = task
        return try await task.value
    }

    private func templateReady() async throws {
        if let template { return try await template.value }
        let started = try await started()
        let logger = self.logger
        let task = Task { try await Self.makeTemplate(started, logger: logger) }
        template = task
        try await task.value
    }

    private static func start(logger: Logger) async throws -> Started {
        TestClusterCleanup.removeLeftovers(logger: logger)
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent(
                "\(TestClusterCleanup.folderPrefix)\(getpid())-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        let postgres = EmbeddedPostgres(
            dataDirectory: folder,
            database: "postgres",
            settings: [
                // Thrown away at exit: no need to survive a crash, so skip the disk flushes.
                "fsync": "off",
                "synchronous_commit": "off",
                "full_page_writes": "off",
                // Parallel tests each open pools of their own (16 at once, some with a second
                // server as another replica): a refused connection would be a 503 in an
                // unrelated test.
                "max_connections": "1000",
            ],
            logger: logger
        )
        TestClusterCleanup.register(postgres, folder: folder)
        let endpoint = try await postgres.start()
        let base = PostgresConfiguration(
            socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database)
        let admin = PostgresPool(configuration: base, maxConnections: 1, acquireTimeout: .seconds(300), maxWaiting: 100_000, logger: logger)
        // Serves for the life of the test process; the cluster is stopped at exit.
        Task { try await admin.run() }
        return Started(postgres: postgres, endpoint: endpoint, base: base, admin: admin)
    }

    /// Creates and migrates the template, then closes every connection to it (a template
    /// with sessions cannot be copied) and forbids new ones.
    private static func makeTemplate(_ started: Started, logger: Logger) async throws {
        _ = try await started.admin.execute(PostgresQuery(unsafeSQL: "CREATE DATABASE \(templateName)"))
        let pool = PostgresPool(configuration: started.base.withDatabase(templateName), maxConnections: 1, logger: logger)
        _ = try await pool.whileRunning { try await Migrator(pool: $0, logger: logger).migrate() }
        _ = try await started.admin.execute(
            PostgresQuery(unsafeSQL: "ALTER DATABASE \(templateName) WITH IS_TEMPLATE true ALLOW_CONNECTIONS false"))
    }
}
