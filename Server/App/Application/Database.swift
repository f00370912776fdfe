import ExamPrepEmbeddedPostgres
import ExamPrepMigrations
import ExamPrepPostgres
import Foundation
import Logging
import ServiceLifecycle

/// The database the server runs on, as services: the pool, the pool of reads that may go to
/// a standby (`DATABASE_READ_URL`), and when no `DATABASE_URL` is set, the embedded cluster it
/// started. `prepare` brings the schema up to date before the server takes requests.
struct Database: Sendable {
    let pool: PostgresPool
    /// Over `DATABASE_READ_URL`, when it is set.
    let standbyPool: PostgresPool?
    /// Set when the server started its own cluster (and so stops it at shutdown).
    let embedded: EmbeddedDatabase?

    /// Where statistics and grade books read: the standby's pool, else the primary's.
    var readPool: PostgresPool { standbyPool ?? pool }

    /// Starts the embedded cluster if there is to be one (at once: the pool is made for its
    /// socket and port), and makes the pool (and, with a read URL, the standby's), which open
    /// no connection before the service group runs them. The cluster is supervised, and
    /// stopped, by its service.
    static func make(_ configuration: AppConfiguration, logger: Logger) async throws -> Database {
        let embedded: EmbeddedDatabase?
        var postgresConfiguration: PostgresConfiguration
        switch configuration.database {
        case .external(let external):
            embedded = nil
            postgresConfiguration = external
        case .embedded:
            let cluster = EmbeddedPostgres(
                dataDirectory: configuration.dataDirectory.appending(path: "postgres", directoryHint: .isDirectory),
                logger: logger)
            let wasRunning = try await cluster.isRunning()
            let endpoint = try await cluster.start()
            logger.info("embedded PostgreSQL running", metadata: ["socket": "\(endpoint.socketDirectory)"])
            embedded = EmbeddedDatabase(cluster: cluster, logger: logger, startedHere: !wasRunning)
            postgresConfiguration = PostgresConfiguration(
                socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database)
        }
        let pool = makePool(postgresConfiguration, configuration, logger: logger)
        let standbyPool = configuration.readDatabase.map { makePool($0, configuration, logger: logger) }
        return Database(pool: pool, standbyPool: standbyPool, embedded: embedded)
    }

    /// A pool over `database` with the pool settings of `configuration`.
    private static func makePool(_ database: PostgresConfiguration, _ configuration: AppConfiguration, logger: Logger) -> PostgresPool {
        var database = database
        database.statementTimeout = configuration.databaseStatementTimeout
        if configuration.databaseTransactionPooling {
            database.preparesStatements = false
            database.sendsSessionOptions = false
        }
        return PostgresPool(
            configuration: database,
            maxConnections: configuration.poolSize,
            acquireTimeout: configuration.databasePoolTimeout,
            maxWaiting: configuration.poolMaxWaiting,
            logger: logger)
    }

    /// In start order; service-lifecycle shuts them down in reverse (the pools before the
    /// cluster they talk to).
    var services: [any Service] {
        var services: [any Service] = []
        if let embedded { services.append(embedded) }
        services.append(pool)
        if let standbyPool { services.append(standbyPool) }
        return services
    }

    /// For tools (`import-v1`): the database as `serve` would use it, with its schema brought
    /// up to date, for the duration of `body`. Afterwards the pool is closed and an embedded
    /// cluster this call started is stopped (one a running server uses is left running).
    static func withPrepared<R: Sendable>(
        _ configuration: AppConfiguration, logger: Logger, _ body: (Database) async throws -> R
    ) async throws -> R {
        let database = try await make(configuration, logger: logger)
        let result: Result<R, any Error>
        do {
            result = .success(
                try await database.pool.whileRunning { _ in
                    try await database.prepare(logger: logger)
                    return try await body(database)
                })
        } catch {
            result = .failure(error)
        }
        if let embedded = database.embedded, embedded.startedHere {
            do {
                try await embedded.cluster.stop()
            } catch {
                logger.error("could not stop the embedded PostgreSQL", metadata: ["error": "\(error)"])
            }
        }
        return try result.get()
    }

    /// Waits for PostgreSQL (for at most `wait`), applies the pending migrations, then gives
    /// accounts from before email keys their key.
    func prepare(logger: Logger, wait: Duration = .seconds(60)) async throws {
        try await waitUntilReachable(within: wait, logger: logger)
        let applied = try await Migrator(pool: pool, logger: logger).migrate()
        logger.info("database ready", metadata: ["migrations_applied_now": "\(applied.count)"])
        for conflict in try await UserRepository(pool: pool).assignMissingEmailKeys(logger: logger) {
            logger.error(
                "an account's email differs from another's only in case or Unicode form; it cannot log in until one of them is changed",
                metadata: ["user_id": "\(conflict.userID)", "email": "\(conflict.email)"])
        }
    }
}

extension Database {
    /// PostgreSQL may start at the same moment as the server (compose without
    /// `depends_on`, Kubernetes): until it answers, try again with a growing pause (half a
    /// second up to five), one log line a try; after `wait`, give up with a clear message.
    func waitUntilReachable(within wait: Duration, logger: Logger) async throws {
        let deadline = ContinuousClock.now + wait
        var pause: Duration = .milliseconds(500)
        for attempt in 1... {
            do {
                _ = try await pool.query("SELECT 1 AS reachable", logger: logger)
                if attempt > 1 { logger.notice("PostgreSQL answers", metadata: ["attempt": "\(attempt)"]) }
                return
            } catch let error as PostgresError where error.isUnavailable {
                let now = ContinuousClock.now
                guard now < deadline else {
                    throw DatabaseUnreachable(configuration: "\(pool.configuration)", wait: wait, attempts: attempt, lastError: error)
                }
                let next = min(pause, deadline - now)
                logger.warning(
                    "waiting for PostgreSQL",
                    metadata: [
                        "attempt": "\(attempt)", "retry_in": "\(next.formatted(.units(allowed: [.seconds, .milliseconds])))",
                        "error": "\(error.message)",
                    ])
                try await Task.sleep(for: next)
                pause = min(pause * 2, .seconds(5))
            }
        }
    }
}

/// PostgreSQL did not answer within the start-up wait.
struct DatabaseUnreachable: Error, CustomStringConvertible {
    let configuration: String
    let wait: Duration
    let attempts: Int
    let lastError: PostgresError

    var description: String {
        "PostgreSQL did not answer within \(wait.formatted(.units(allowed: [.seconds]))) (\(attempts) tries; \(configuration)): \(lastError.message) "
            + "Check DATABASE_URL and that PostgreSQL is running; DATABASE_STARTUP_WAIT sets how long to wait."
    }
}

/// The embedded cluster as a service: supervised while the server runs, stopped when it
/// shuts down.
///
/// Every second it checks that the postmaster is alive (no process is started for that).
/// When it is not (it crashed, or was killed), it is started again, with a growing pause
/// between failed tries (from a quarter of a second up to ten), each logged with its
/// reason. Meanwhile the server keeps answering: `/health` 200, database routes 503 with
/// `Retry-After`; the pool replaces its broken connections once PostgreSQL is back.
struct EmbeddedDatabase: Service {
    let cluster: EmbeddedPostgres
    let logger: Logger
    /// False when the cluster was already running (a server uses it), so a tool leaves it running.
    let startedHere: Bool
    var checkInterval: Duration = .seconds(1)

    func run() async throws {
        await PeriodicLoop.run(every: checkInterval) { [self] in
            guard !cluster.postmasterIsAlive() else { return }
            logger.error("the embedded PostgreSQL has stopped; starting it again", metadata: ["log": "\(cluster.logFile.path)"])
            try await restart()
        }
        do {
            try await cluster.stop()
        } catch {
            logger.error("could not stop the embedded PostgreSQL", metadata: ["error": "\(error)"])
        }
    }

    private func restart() async throws {
        var pause: Duration = .milliseconds(250)
        for attempt in 1... {
            do {
                _ = try await cluster.start()
                logger.notice("the embedded PostgreSQL runs again", metadata: ["attempt": "\(attempt)"])
                return
            } catch {
                try Task.checkCancellation()
                logger.warning(
                    "could not start the embedded PostgreSQL; trying again",
                    metadata: ["attempt": "\(attempt)", "retry_in": "\(pause)", "error": "\(error)"])
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(10))
            }
        }
    }
}
