import ExamPrepEmbeddedPostgres
import ExamPrepMigrations
import ExamPrepPostgres
import Foundation
import Logging

/// The database the server runs on: the one `DATABASE_URL` names, or an embedded cluster
/// under the data folder. Migrations are applied before the pool is handed out.
struct DatabaseSetup: Sendable {
    let pool: PostgresPool
    /// Set when the server started its own cluster (and so stops it at shutdown).
    let embedded: EmbeddedPostgres?

    static func start(_ configuration: AppConfiguration, logger: Logger) async throws -> DatabaseSetup {
        let embedded: EmbeddedPostgres?
        let postgresConfiguration: PostgresConfiguration
        switch configuration.database {
        case .external(let external):
            embedded = nil
            postgresConfiguration = external
        case .embedded:
            let cluster = EmbeddedPostgres(
                dataDirectory: configuration.dataDirectory.appending(path: "postgres", directoryHint: .isDirectory),
                logger: logger)
            let endpoint = try await cluster.start()
            logger.info("embedded PostgreSQL running", metadata: ["socket": "\(endpoint.socketDirectory)"])
            embedded = cluster
            postgresConfiguration = PostgresConfiguration(
                socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database)
        }
        let pool = PostgresPool(
            configuration: postgresConfiguration,
            maxConnections: configuration.databasePoolSize,
            acquireTimeout: configuration.databasePoolTimeout,
            logger: logger)
        do {
            let applied = try await Migrator(pool: pool, logger: logger).migrate()
            logger.info("database ready", metadata: ["migrations_applied_now": "\(applied.count)"])
        } catch {
            await pool.shutdown()
            try? await embedded?.stop()
            throw error
        }
        return DatabaseSetup(pool: pool, embedded: embedded)
    }

    func shutdown(logger: Logger) async {
        await pool.shutdown()
        do {
            try await embedded?.stop()
        } catch {
            logger.error("could not stop the embedded PostgreSQL", metadata: ["error": "\(error)"])
        }
    }
}
