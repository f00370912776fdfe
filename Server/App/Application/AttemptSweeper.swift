import Foundation
import Logging
import ServiceLifecycle

/// Submits attempts past their end on the server's own initiative, every `interval`, so that
/// an attempt nobody touches is submitted within seconds of its deadline plus grace (not only
/// when someone reads it). Replicas share the work safely: an attempt one of them is
/// submitting is skipped by the others (`ExpiredAttemptRepository.submitDue`). Each round also
/// forgets the kept questions of attempts that ended elsewhere
/// (`ExpiredAttemptRepository.forgetEnded`).
struct AttemptSweeper: Service {
    let expired: ExpiredAttemptRepository
    let clock: ServerClock
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await PeriodicLoop.run(every: interval, logger: logger, failure: "could not submit attempts past their end; trying again") {
            [expired, clock, logger] in
            let submitted = try await expired.submitDue(now: clock.now(), logger: logger)
            if submitted > 0 { logger.info("submitted attempts past their end", metadata: ["count": "\(submitted)"]) }
            try await expired.forgetEnded(logger: logger)
        }
    }
}
