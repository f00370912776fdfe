import Foundation
import Logging
import ServiceLifecycle

/// Submits attempts past their end on the server's own initiative, every `interval`, so that
/// an attempt nobody touches is submitted within seconds of its deadline plus grace (not only
/// when someone reads it). Replicas share the work safely: an attempt one of them is
/// submitting is skipped by the others (`ExpiredAttempts.submitDue`). Each round also forgets
/// the kept questions of attempts that ended elsewhere (`ExpiredAttempts.forgetEnded`).
struct AttemptSweeper: Service {
    let expired: ExpiredAttempts
    let clock: ServerClock
    let interval: Duration
    let logger: Logger

    func run() async throws {
        try? await cancelWhenGracefulShutdown { [expired, clock, interval, logger] in
            while true {
                try await Task.sleep(for: interval)
                do {
                    let submitted = try await expired.submitDue(now: clock.now(), logger: logger)
                    if submitted > 0 { logger.info("submitted attempts past their end", metadata: ["count": "\(submitted)"]) }
                    try await expired.forgetEnded(logger: logger)
                } catch is CancellationError {
                    throw CancellationError()
                } catch {
                    logger.warning("could not submit attempts past their end; trying again", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
