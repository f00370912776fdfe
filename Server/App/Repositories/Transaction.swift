import ExamPrepPostgres
import Logging

/// One transaction of a request: its connection and the request's logger, so that the
/// statements of a repository read `transaction.query("…")` instead of threading both
/// through every helper.
struct Transaction: Sendable {
    let connection: PostgresConnection
    let logger: Logger

    func query(_ query: PostgresQuery) async throws -> PostgresRows {
        try await connection.query(query, logger: logger)
    }

    @discardableResult
    func execute(_ query: PostgresQuery) async throws -> Int {
        try await connection.execute(query, logger: logger)
    }

    /// Runs `queries` in one round trip (`PostgresConnection.pipeline`): each one's rows.
    func pipeline(_ queries: [PostgresQuery]) async throws -> [PostgresRows] {
        try await connection.pipeline(queries, logger: logger)
    }
}

extension PostgresPool {
    /// A transaction in as few round trips as its statements allow: `body` sends BEGIN with its
    /// first statements and COMMIT with its last (`transaction.pipeline([.begin, …])`, then
    /// `transaction.pipeline([…, .commit])`). A body that returns while the transaction is still
    /// open has it committed (rolled back when a statement in it failed, and that is thrown);
    /// one that throws has it rolled back.
    func pipelinedTransaction<R: Sendable>(
        priority: LeasePriority = .normal, logger: Logger, _ body: (Transaction) async throws -> R
    ) async throws -> R {
        try await withConnection(priority: priority) { connection in
            let result: R
            do {
                result = try await body(Transaction(connection: connection, logger: logger))
                guard connection.isInTransaction else { return result }
                try Task.checkCancellation()
                if connection.isInFailedTransaction {
                    throw PostgresError.rolledBackAfterFailure
                }
            } catch {
                if connection.isInTransaction { await connection.rollback(logger: logger) }
                throw error
            }
            try await connection.execute(.commit, logger: logger)
            return result
        }
    }
}

extension PostgresPool {
    /// Runs `body` inside BEGIN … COMMIT (`withTransaction`), with the request's logger.
    /// `priority` is the lease's (`LeasePriority`).
    func transaction<R: Sendable>(
        priority: LeasePriority = .normal, logger: Logger, _ body: (Transaction) async throws -> R
    ) async throws -> R {
        try await withTransaction(priority: priority, logger: logger) { connection in
            try await body(Transaction(connection: connection, logger: logger))
        }
    }
}

/// A row lock a SELECT takes. The SQL is fixed here, never built from input.
enum RowLock: Sendable {
    case none
    /// Others may read and share-lock the rows, not change or delete them.
    case share
    /// Nobody else may lock, change or delete the rows.
    case update

    /// The clause for the rows of table alias `alias` (a name written in the statement).
    func clause(of alias: StaticString) -> String {
        switch self {
        case .none: ""
        case .share: "FOR SHARE OF \(alias)"
        case .update: "FOR UPDATE OF \(alias)"
        }
    }
}
