import Logging
import ServiceLifecycle

/// The loop of every service that works on a timer (`AttemptSweeper`, `Housekeeping`,
/// `MemoryRelease`, `DatabaseClock`, `EmbeddedDatabase`'s supervision): it waits `interval`, works,
/// and again, until the service group shuts down gracefully. A failed turn is logged as `failure`
/// and the next turn tries again; cancellation ends the loop.
enum PeriodicLoop {
    static func run(
        every interval: Duration, logger: Logger? = nil, failure: Logger.Message = "",
        _ work: @escaping @Sendable () async throws -> Void
    ) async {
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: interval)
                do {
                    try await work()
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    logger?.warning(failure, metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
