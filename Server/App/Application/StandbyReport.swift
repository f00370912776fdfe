import ExamPrepPostgres
import Logging

/// What the primary says about its standby: whether one follows it (`pg_stat_replication`),
/// whether its commits wait for one (`synchronous_standby_names`, `synchronous_commit`), and
/// so whether an acknowledged save would survive the primary's loss. `GET /ready` shows
/// `state`; `StandbyWatch` logs it at start and whenever it changes.
struct StandbyReport: Sendable, Equatable {
    enum State: String, Sendable {
        /// A standby holds every commit before it is acknowledged.
        case sync
        /// A standby follows, but commits do not wait for it.
        case async
        /// A standby follows; the server's role may not see how (it lacks `pg_monitor`).
        case connected
        /// None follows.
        case missing
    }

    var state: State
    /// `synchronous_standby_names`: the standbys commits wait for; empty, none.
    var waitsFor: String
    /// Whether commits wait for those standbys (`synchronous_commit` neither `off` nor `local`).
    var commitsWait: Bool
    /// Whether the server was told of a standby (`DATABASE_READ_URL`).
    var readsFromStandby: Bool

    /// Whether there is anything to say: a standby is expected (named by the server's or the
    /// primary's settings) or there is one.
    var isWorthSaying: Bool { readsFromStandby || !waitsFor.isEmpty || state != .missing }

    /// Asks the primary, in one statement. A walsender of a copy being made (`pg_basebackup`,
    /// state `backup`) is not a standby yet. A role without `pg_monitor` sees the rows but not
    /// their state, so those count as `connected`.
    static func read(from pool: PostgresPool, readsFromStandby: Bool, logger: Logger) async throws -> StandbyReport {
        let row = try await pool.query(
            """
            SELECT current_setting('synchronous_standby_names') AS waits_for,
                   current_setting('synchronous_commit') NOT IN ('off', 'local') AS commits_wait,
                   count(*) AS standbys,
                   count(*) FILTER (WHERE sync_state IN ('sync', 'quorum')) AS synchronous,
                   count(sync_state) AS described
            FROM pg_stat_replication WHERE state IS DISTINCT FROM 'backup'
            """, logger: logger
        ).single()
        let standbys: Int = try row.decode("standbys")
        let state: State =
            try row.decode("synchronous", as: Int.self) > 0
            ? .sync : try row.decode("described", as: Int.self) > 0 ? .async : standbys > 0 ? .connected : .missing
        return StandbyReport(
            state: state, waitsFor: try row.decode("waits_for"), commitsWait: try row.decode("commits_wait"),
            readsFromStandby: readsFromStandby)
    }

    /// Logs the report, at the level its consequences deserve.
    func log(to logger: Logger) {
        guard isWorthSaying else { return }
        let metadata: Logger.Metadata = [
            "standby": "\(state.rawValue)", "synchronous_standby_names": "\(waitsFor)", "commits_wait": "\(commitsWait)",
        ]
        switch state {
        case .sync:
            logger.notice("a synchronous standby holds every commit before it is acknowledged", metadata: metadata)
        case .connected:
            logger.notice(
                "a standby follows the primary; whether commits wait for it, this role cannot see (grant it pg_monitor)",
                metadata: metadata)
        case .async:
            logger.warning(
                """
                a standby follows the primary, but commits do not wait for it: a failover may lose acknowledged saves \
                (synchronous_standby_names must name it; docs/OPERATIONS.md)
                """, metadata: metadata)
        case .missing where commitsWait && !waitsFor.isEmpty:
            logger.error(
                """
                commits wait for a synchronous standby, and none is connected: every save waits until one is, or answers \
                503 after DATABASE_STATEMENT_TIMEOUT (docs/OPERATIONS.md, 'While the standby is down')
                """, metadata: metadata)
        case .missing:
            logger.warning(
                """
                no standby follows the primary: reports read on the primary, and the primary's loss would lose data \
                (docs/OPERATIONS.md, 'A synchronous standby and failover')
                """, metadata: metadata)
        }
    }
}
