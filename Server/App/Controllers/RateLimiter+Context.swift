import Hummingbird
import Logging

/// The per-account limits of the write routes, as the API's controllers apply them.
extension RateLimiter {
    /// Counts one write of `kind` by the caller, or throws the 429 (with `Retry-After`) that
    /// names the limit (`admit(_:userID:logger:)`). Called once the request is known to be
    /// well formed, before its work.
    func admit(_ kind: Kind, context: AuthenticatedContext) async throws {
        try await admit(kind, userID: context.user.id, logger: context.logger)
    }
}
