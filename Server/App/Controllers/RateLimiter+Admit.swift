import Hummingbird

/// The per-account limits of the write routes, as the controllers apply them.
extension RateLimiter {
    /// Counts one write of `kind` by the caller, or throws the 429 (with `Retry-After`) that
    /// names the limit. Called once the request is known to be well formed, before its work.
    func admit(_ kind: Kind, context: AuthenticatedContext) async throws {
        if case .limited(let refusal) = try await write(kind, userID: context.user.id, logger: context.logger) {
            throw HTTPFailure.limited(refusal)
        }
    }
}
