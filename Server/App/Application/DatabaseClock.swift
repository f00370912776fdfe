import ExamPrepPostgres
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

/// PostgreSQL's clock as seen from this process: the local clock plus the offset measured
/// against `clock_timestamp()` (read halfway through the round trip), at start and every
/// minute. Deadlines, windows and token expiry are then judged by one clock on every replica,
/// whatever each host's own clock says.
final class DatabaseClock: Service, Sendable {
    let pool: PostgresPool
    let interval: Duration
    let logger: Logger
    /// Database time minus local time, in microseconds.
    private let offset = Atomic<Int64>(0)

    init(pool: PostgresPool, interval: Duration = .seconds(60), logger: Logger) {
        self.pool = pool
        self.interval = interval
        self.logger = logger
    }

    var serverClock: ServerClock {
        ServerClock(followsDatabase: false) { [self] in Date().addingTimeInterval(offsetSeconds) }
    }

    /// Database time minus local time now, in seconds.
    var offsetSeconds: TimeInterval { TimeInterval(offset.load(ordering: .relaxed)) / 1_000_000 }

    /// Measures the offset once.
    func synchronize() async throws {
        let sent = Date()
        let databaseNow: Date = try await pool.query("SELECT clock_timestamp() AS now", logger: logger).single().decode("now")
        let measured = Self.offset(sent: sent, databaseNow: databaseNow, received: Date())
        let previous = offset.exchange(Int64((measured * 1_000_000).rounded()), ordering: .relaxed)
        if abs(offset.load(ordering: .relaxed) - previous) > 1_000_000 {
            logger.notice("this host's clock differs from the database's", metadata: ["offset_seconds": "\(offsetSeconds)"])
        }
    }

    /// Database time minus local time, for a reading of the database's clock taken between
    /// `sent` and `received` (assumed halfway: the two legs of a round trip take about as long).
    static func offset(sent: Date, databaseNow: Date, received: Date) -> TimeInterval {
        databaseNow.timeIntervalSince(sent.addingTimeInterval(received.timeIntervalSince(sent) / 2))
    }

    func run() async throws {
        await PeriodicLoop.run(every: interval, logger: logger, failure: "could not read the database's clock; keeping the last offset") {
            [self] in try await synchronize()
        }
    }
}
