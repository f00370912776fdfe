import Logging
import ServiceLifecycle

/// Deletes what has outlived its use, every few minutes: attempt counters whose window has
/// closed, sign-in links a day past their end, password reset links a day past their end or
/// their use, sign-ins through the school's provider and app sign-ins past their ten minutes
/// (or an app's code past its minute). (Any replica may do it; the statements are idempotent.)
struct Housekeeping: Service {
    let rateLimits: RateLimitRepository
    let signInLinks: SignInLinkRepository
    let resetLinks: PasswordResetRepository
    let schoolSignIns: SchoolSignInRepository
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await PeriodicLoop.run(every: interval, logger: logger, failure: "housekeeping failed; trying again later") {
            [rateLimits, signInLinks, resetLinks, schoolSignIns, logger] in
            let deletions: [(rows: String, delete: (Logger) async throws -> Int)] = [
                ("expired attempt counters", rateLimits.deleteExpired),
                ("spent sign-in links", signInLinks.deleteExpired),
                ("spent password reset links", resetLinks.deleteSpent),
                ("expired sign-ins through the school's provider and apps", schoolSignIns.deleteExpired),
            ]
            for (rows, delete) in deletions {
                let deleted = try await delete(logger)
                if deleted > 0 { logger.debug("deleted \(rows)", metadata: ["count": "\(deleted)"]) }
            }
        }
    }
}
