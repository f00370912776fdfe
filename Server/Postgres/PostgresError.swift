/// Every failure of the data layer: server errors keep their SQLSTATE and diagnostics,
/// everything else says in `kind` what went wrong.
public struct PostgresError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The server answered with an error (see `sqlState`).
        case server
        /// A connection could not be opened (libpq's message in `message`).
        case connectionFailed
        /// An open connection broke while it was used.
        case connectionLost
        /// A pooled connection turned out closed before its first statement was sent; the
        /// pool replaces it and runs the lease again.
        case staleConnection
        /// No connection became free within the pool's acquire timeout.
        case poolTimeout
        /// The pool has been shut down.
        case poolClosed
        /// A column value could not be decoded into the requested Swift type.
        case decoding
        /// The configuration is unusable (for example not a PostgreSQL URL).
        case invalidConfiguration
        /// A bind value cannot be sent (for example a String containing NUL); nothing was sent.
        case invalidParameter
        /// No answer came within the statement deadline (`PostgresConfiguration.statementTimeout`):
        /// the statement was cancelled and its connection discarded.
        case statementTimeout
    }

    public var kind: Kind
    public var message: String
    /// The five-character SQLSTATE of a server error, e.g. "23505".
    public var sqlState: String?
    public var detail: String?
    public var hint: String?
    /// The constraint a server error names (PG_DIAG_CONSTRAINT_NAME).
    public var constraint: String?
    /// For decoding errors: the column name.
    public var column: String?
    /// For a lease turned away or timed out in the pool's line: when to send again, in seconds
    /// (`LinePace`).
    public var retryAfter: Int?

    public init(
        kind: Kind,
        message: String,
        sqlState: String? = nil,
        detail: String? = nil,
        hint: String? = nil,
        constraint: String? = nil,
        column: String? = nil,
        retryAfter: Int? = nil
    ) {
        self.kind = kind
        self.message = message
        self.sqlState = sqlState
        self.detail = detail
        self.hint = hint
        self.constraint = constraint
        self.column = column
        self.retryAfter = retryAfter
    }

    /// unique_violation
    public var isUniqueViolation: Bool { kind == .server && sqlState == "23505" }
    /// foreign_key_violation
    public var isForeignKeyViolation: Bool { kind == .server && sqlState == "23503" }

    /// deadlock_detected or serialization_failure: PostgreSQL ended this transaction so that
    /// another could go on; running it again may succeed.
    public var isTransactionConflict: Bool { kind == .server && (sqlState == "40P01" || sqlState == "40001") }

    /// query_canceled: the statement was cancelled (by `PQcancel` for a cancelled task, or by
    /// `statement_timeout`).
    public var isQueryCanceled: Bool { kind == .server && sqlState == "57014" }

    /// True when the database is unreachable, cannot take writes for now, or the pool is
    /// exhausted; the server answers 503.
    public var isUnavailable: Bool {
        switch kind {
        case .connectionFailed, .connectionLost, .staleConnection, .poolTimeout, .poolClosed, .statementTimeout:
            return true
        case .server:
            return isQueryCanceled || showsServerUnfit
        case .decoding, .invalidConfiguration, .invalidParameter:
            return false
        }
    }

    /// The server behind the connection can no longer do the pool's work: the connection broke
    /// (08…), the server is shutting down or ended the session (57P01 admin_shutdown, 57P02
    /// crash_shutdown, 57P03 cannot_connect_now), or it has become read-only (25006
    /// read_only_sql_transaction: a standby, or an old primary fenced after a failover). The pool
    /// closes such a connection and those opened before it, and opens new ones, which libpq
    /// makes on the primary of the host list (`target_session_attrs=read-write`).
    public var showsServerUnfit: Bool {
        switch kind {
        case .connectionLost:
            return true
        case .server:
            guard let sqlState else { return false }
            return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03", "25006"].contains(sqlState)
        default:
            return false
        }
    }

    public var description: String {
        var text = "PostgresError.\(kind): "
        if let sqlState { text += "[\(sqlState)] " }
        text += message
        if let detail { text += " (detail: \(detail))" }
        if let constraint { text += " (constraint: \(constraint))" }
        return text
    }
}

extension PostgresError {
    /// A transaction's body returned although a statement in it had failed: it was rolled back.
    public static let rolledBackAfterFailure = PostgresError(
        kind: .server, message: "a statement in the transaction failed, so it was rolled back", sqlState: "25P02")
}
