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
}

extension PostgresPool {
    /// Runs `body` inside BEGIN … COMMIT (`withTransaction`), with the request's logger.
    func transaction<R: Sendable>(logger: Logger, _ body: (Transaction) async throws -> R) async throws -> R {
        try await withTransaction(logger: logger) { connection in
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
