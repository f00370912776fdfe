import ExamPrepPostgres
import Logging

/// Brings a database's schema up to date with the migrations of this build.
///
/// - Every run holds a PostgreSQL session-level advisory lock on one connection from start
///   to end, so replicas that start together take turns: the first applies the pending
///   files, the others then find nothing left to do.
/// - Each file runs in its own transaction together with its `schema_migrations` row:
///   a file is either applied and recorded, or neither.
/// - A file changed after it was applied stops the run (`MigrationError.changedAfterApplied`).
///   An applied migration this build does not know is only logged: a newer replica may
///   have applied it.
public struct Migrator: Sendable {
    /// The advisory lock key: "ExamPrep" in ASCII, as a bigint.
    public static let advisoryLockKey: Int64 = 0x4578_616D_5072_6570

    private let pool: PostgresPool
    private let migrations: [Migration]
    private let logger: Logger

    public init(pool: PostgresPool, migrations: [Migration] = Migration.bundled, logger: Logger) {
        self.pool = pool
        self.migrations = migrations.sorted { $0.name < $1.name }
        self.logger = logger
    }

    /// Applies the pending migrations in name order and returns their names (empty when
    /// the schema was already up to date).
    @discardableResult
    public func migrate() async throws -> [String] {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw MigrationError.duplicateName(migration.name)
        }
        return try await pool.withConnection { connection in
            try await acquireLock(connection)
            do {
                let applied = try await applyPending(connection)
                try await releaseLock(connection)
                return applied
            } catch {
                // Best effort: if the connection broke, ending its session releases the lock anyway.
                try? await releaseLock(connection)
                throw error
            }
        }
    }

    // MARK: - Steps

    private func acquireLock(_ connection: PostgresConnection) async throws {
        let key = Self.advisoryLockKey
        let rows = try await connection.query("SELECT pg_try_advisory_lock(\(key)) AS locked", logger: logger)
        if try rows.first?.decode("locked", as: Bool.self) == true { return }
        logger.info("another process is migrating this database; waiting for it")
        _ = try await connection.query("SELECT pg_advisory_lock(\(key))", logger: logger)
    }

    private func releaseLock(_ connection: PostgresConnection) async throws {
        _ = try await connection.query("SELECT pg_advisory_unlock(\(Self.advisoryLockKey))", logger: logger)
    }

    private func applyPending(_ connection: PostgresConnection) async throws -> [String] {
        try await connection.executeScript(
            """
            CREATE TABLE IF NOT EXISTS schema_migrations (
                name       text PRIMARY KEY,
                checksum   text NOT NULL,
                applied_at timestamptz NOT NULL DEFAULT now()
            )
            """, logger: logger)
        var appliedChecksums: [String: String] = [:]
        for row in try await connection.query("SELECT name, checksum FROM schema_migrations", logger: logger) {
            appliedChecksums[try row.decode("name", as: String.self)] = try row.decode("checksum", as: String.self)
        }

        let known = Set(migrations.map(\.name))
        for name in appliedChecksums.keys.sorted() where !known.contains(name) {
            logger.warning(
                "database has a migration this build does not know (applied by a newer version?)", metadata: ["migration": "\(name)"])
        }
        for migration in migrations {
            if let applied = appliedChecksums[migration.name], applied != migration.checksum {
                throw MigrationError.changedAfterApplied(
                    name: migration.name, appliedChecksum: applied, currentChecksum: migration.checksum)
            }
        }

        var appliedNow: [String] = []
        for migration in migrations where appliedChecksums[migration.name] == nil {
            try await apply(migration, on: connection)
            appliedNow.append(migration.name)
        }
        if appliedNow.isEmpty {
            logger.debug("database schema is up to date", metadata: ["migrations": "\(migrations.count)"])
        }
        return appliedNow
    }

    private func apply(_ migration: Migration, on connection: PostgresConnection) async throws {
        try await connection.executeScript("BEGIN", logger: logger)
        do {
            try await connection.executeScript(migration.sql, logger: logger)
            _ = try await connection.execute(
                "INSERT INTO schema_migrations (name, checksum) VALUES (\(migration.name), \(migration.checksum))", logger: logger)
            try await connection.executeScript("COMMIT", logger: logger)
        } catch {
            await connection.rollback(logger: logger)
            logger.error("migration failed; nothing of it was applied", metadata: ["migration": "\(migration.name)", "error": "\(error)"])
            throw error
        }
        logger.info("applied migration", metadata: ["migration": "\(migration.name)", "checksum": "\(migration.checksum)"])
    }
}
