import Logging
import ServiceLifecycle

/// Deletes what has outlived its use, every few minutes: attempt counters whose window has
/// closed. (Any replica may do it; the statement is idempotent.)
struct Housekeeping: Service {
    let rateLimits: RateLimitRepository
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await PeriodicLoop.run(every: interval, logger: logger, failure: "housekeeping failed; trying again later") {
            [rateLimits, logger] in
            let deleted = try await rateLimits.deleteExpired(logger: logger)
            if deleted > 0 { logger.debug("deleted expired attempt counters", metadata: ["count": "\(deleted)"]) }
        }
    }
}
