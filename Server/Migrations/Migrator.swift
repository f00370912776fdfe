import ExamPrepPostgres
import Logging

/// Brings a database's schema up to date with the migrations of this build.
///
/// - Each pending file runs in a transaction of its own together with its
///   `schema_migrations` row (a file is either applied and recorded, or neither), under a
///   transaction-level advisory lock: replicas that start together take turns file by file,
///   and one that finds a file applied meanwhile moves on. A transaction-level lock ends
///   with its transaction, so no lock can outlive a broken connection, and it works through
///   a pooler in transaction mode (PgBouncer), which a session-level lock would not.
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

    /// Applies the pending migrations in name order and returns the names this run applied
    /// (empty when the schema was already up to date).
    @discardableResult
    public func migrate() async throws -> [String] {
        var seen = Set<String>()
        for migration in migrations where !seen.insert(migration.name).inserted {
            throw MigrationError.duplicateName(migration.name)
        }
        try await pool.withTransaction(logger: logger) { connection in
            try await lock(connection)
            try await connection.executeScript(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    name       text PRIMARY KEY,
                    checksum   text NOT NULL,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """, logger: logger)
        }
        let applied = try await appliedChecksums()
        let known = Set(migrations.map(\.name))
        for name in applied.keys.sorted() where !known.contains(name) {
            logger.warning(
                "database has a migration this build does not know (applied by a newer version?)", metadata: ["migration": "\(name)"])
        }
        for migration in migrations {
            if let checksum = applied[migration.name] { try check(migration, against: checksum) }
        }
        var appliedNow: [String] = []
        for migration in migrations where applied[migration.name] == nil {
            if try await apply(migration) { appliedNow.append(migration.name) }
        }
        if appliedNow.isEmpty {
            logger.debug("database schema is up to date", metadata: ["migrations": "\(migrations.count)"])
        }
        return appliedNow
    }

    // MARK: - Steps

    private func lock(_ connection: PostgresConnection) async throws {
        _ = try await connection.query("SELECT pg_advisory_xact_lock(\(Self.advisoryLockKey))", logger: logger)
    }

    private func appliedChecksums() async throws -> [String: String] {
        var checksums: [String: String] = [:]
        for row in try await pool.query("SELECT name, checksum FROM schema_migrations", logger: logger) {
            checksums[try row.decode("name", as: String.self)] = try row.decode("checksum", as: String.self)
        }
        return checksums
    }

    private func check(_ migration: Migration, against applied: String) throws {
        guard applied == migration.checksum else {
            throw MigrationError.changedAfterApplied(name: migration.name, appliedChecksum: applied, currentChecksum: migration.checksum)
        }
    }

    /// Applies one file with its record, unless another process applied it meanwhile; says
    /// whether this run applied it.
    private func apply(_ migration: Migration) async throws -> Bool {
        do {
            let applied = try await pool.withTransaction(logger: logger) { connection -> Bool in
                try await lock(connection)
                let existing = try await connection.query(
                    "SELECT checksum FROM schema_migrations WHERE name = \(migration.name)", logger: logger)
                if let row = existing.first {
                    try check(migration, against: try row.decode("checksum"))
                    return false
                }
                try await connection.executeScript(migration.sql, logger: logger)
                try await connection.execute(
                    "INSERT INTO schema_migrations (name, checksum) VALUES (\(migration.name), \(migration.checksum))", logger: logger)
                return true
            }
            if applied {
                logger.info("applied migration", metadata: ["migration": "\(migration.name)", "checksum": "\(migration.checksum)"])
            }
            return applied
        } catch let error as MigrationError {
            throw error
        } catch {
            logger.error("migration failed; nothing of it was applied", metadata: ["migration": "\(migration.name)", "error": "\(error)"])
            throw error
        }
    }
}
