import Logging
import ServiceLifecycle

/// Deletes what has outlived its use, every few minutes: attempt counters whose window has
/// closed, sign-in links a day past their end, password reset links a day past their end or
/// their use. (Any replica may do it; the statements are idempotent.)
struct Housekeeping: Service {
    let rateLimits: RateLimitRepository
    let signInLinks: SignInLinkRepository
    let resetLinks: PasswordResetRepository
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await PeriodicLoop.run(every: interval, logger: logger, failure: "housekeeping failed; trying again later") {
            [rateLimits, signInLinks, resetLinks, logger] in
            let deleted = try await rateLimits.deleteExpired(logger: logger)
            if deleted > 0 { logger.debug("deleted expired attempt counters", metadata: ["count": "\(deleted)"]) }
            let links = try await signInLinks.deleteExpired(logger: logger)
            if links > 0 { logger.debug("deleted spent sign-in links", metadata: ["count": "\(links)"]) }
            let resets = try await resetLinks.deleteSpent(logger: logger)
            if resets > 0 { logger.debug("deleted spent password reset links", metadata: ["count": "\(resets)"]) }
        }
    }
}
