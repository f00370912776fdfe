import Foundation
import Synchronization

/// A one-shot signal of a test: closed until `open()`, then open for good. A task waits for
/// it with `wait()`, a thread the test holds (a hashing thread, say) with `waitBlocking()`;
/// both give up at their deadline, and `wait()` ends at once when its task is cancelled.
public final class Gate: Sendable {
    private let name: String
    private let state = Mutex(false)

    public init(_ name: String = "a gate") {
        self.name = name
    }

    public var isOpen: Bool { state.withLock { $0 } }

    public func open() {
        state.withLock { $0 = true }
    }

    public func wait(within timeout: Duration = defaultWaitLimit) async throws {
        try await eventually("\(name) to open", within: timeout, every: .milliseconds(2)) { isOpen }
    }

    /// Blocks the calling thread until the gate opens; throws `WaitTimedOut` after `timeout`.
    /// For work that runs on a thread of its own, outside any task.
    public func waitBlocking(within timeout: Duration = defaultWaitLimit) throws {
        let deadline = ContinuousClock.now + timeout
        while !isOpen {
            guard ContinuousClock.now < deadline else { throw WaitTimedOut("\(name) to open", after: timeout) }
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    /// Runs `body` with a new gate that is opened when `body` ends or its task is cancelled,
    /// so that nothing blocked on it outlives the test.
    public static func whileClosed<R>(
        _ name: String = "a gate", _ body: (Gate) async throws -> R
    ) async throws -> R {
        let gate = Gate(name)
        defer { gate.open() }
        return try await withTaskCancellationHandler {
            try await body(gate)
        } onCancel: {
            gate.open()
        }
    }
}
