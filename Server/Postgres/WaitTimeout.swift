import Synchronization

/// The timeout of one lease waiting in the pool's line. It is started only once the lease
/// really waits, and may be cancelled before it starts (a connection came back first), in
/// which case it never starts.
final class WaitTimeout: Sendable {
    private enum State {
        case idle
        case running(Task<Void, Never>)
        case cancelled
    }

    private let state = Mutex(State.idle)

    func start(_ body: @escaping @Sendable () async -> Void) {
        state.withLock { state in
            guard case .idle = state else { return }
            state = .running(Task(operation: body))
        }
    }

    func cancel() {
        let task = state.withLock { state -> Task<Void, Never>? in
            defer { state = .cancelled }
            if case .running(let task) = state { return task }
            return nil
        }
        task?.cancel()
    }
}
