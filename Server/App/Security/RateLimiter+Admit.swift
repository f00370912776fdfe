import Logging

/// The per-account limits of the write use cases, for the actions, the pages and the API alike.
extension RateLimiter {
    /// Counts one write of `kind` by `userID`, or refuses it as `ActionRefusal.limited`, which
    /// names the limit and when it is free again (each face answers it: a 429 with `Retry-After`,
    /// or the page's error page). Called once the request is known to be well formed, before its work.
    func admit(_ kind: Kind, userID: Int, logger: Logger) async throws {
        if case .limited(let refusal) = try await write(kind, userID: userID, logger: logger) {
            throw ActionRefusal.limited(refusal)
        }
    }
}
