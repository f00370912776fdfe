import Logging
import ServiceLifecycle

/// Deletes what has outlived its use, every few minutes: attempt counters whose window has
/// closed. (Any replica may do it; the statement is idempotent.)
struct Housekeeping: Service {
    let rateLimits: RateLimitRepository
    let interval: Duration
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown { [rateLimits, interval, logger] in
            while true {
                try await Task.sleep(for: interval)
                do {
                    let deleted = try await rateLimits.deleteExpired(logger: logger)
                    if deleted > 0 { logger.debug("deleted expired attempt counters", metadata: ["count": "\(deleted)"]) }
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    logger.warning("housekeeping failed; trying again later", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
