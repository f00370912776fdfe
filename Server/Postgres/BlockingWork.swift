import NIOPosix

extension NIOThreadPool {
    /// Runs blocking libpq work on one of the pool's own threads and waits for it.
    ///
    /// Unlike `runIfActive`, work submitted from a cancelled task still runs: a ROLLBACK or a
    /// PQfinish issued while a task is being cancelled must happen. A query that has started
    /// always runs to completion. Only a thread pool that is shut down refuses work.
    func runBlocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            submit { state in
                switch state {
                case .active:
                    continuation.resume(with: Result(catching: body))
                case .cancelled:
                    continuation.resume(throwing: PostgresError(kind: .poolClosed, message: "the database pool is shut down"))
                }
            }
        }
    }
}
