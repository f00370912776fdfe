import ExamPrepPostgres
import Logging
import ServiceLifecycle
import Synchronization

/// Says in the log whether a standby holds the primary's commits (`StandbyReport`): once when
/// the server starts, then every `interval` when it has changed. So an operator learns from
/// the server's own log that the standby is gone (the primary's commits then wait for it, or a
/// failover would lose saves), or that a volume made for one server runs without its standby.
/// A turn whose database does not answer changes nothing: the pool's errors say that.
final class StandbyWatch: Service, Sendable {
    let pool: PostgresPool
    let readsFromStandby: Bool
    let interval: Duration
    let logger: Logger
    private let last = Mutex<StandbyReport?>(nil)

    init(pool: PostgresPool, readsFromStandby: Bool, interval: Duration, logger: Logger) {
        self.pool = pool
        self.readsFromStandby = readsFromStandby
        self.interval = interval
        self.logger = logger
    }

    /// Reads the report, and logs it when it differs from the last one logged.
    func check() async throws {
        let report = try await StandbyReport.read(from: pool, readsFromStandby: readsFromStandby, logger: logger)
        let changed = last.withLock { last in
            defer { last = report }
            return last != report
        }
        if changed { report.log(to: logger) }
    }

    func run() async throws {
        await PeriodicLoop.run(every: interval) { [self] in try await check() }
    }
}
