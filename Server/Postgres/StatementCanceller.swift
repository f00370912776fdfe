import CLibPQ
import Foundation
import Synchronization

/// Cancels the statement a connection is running, from another thread.
///
/// libpq's `PQcancel` is documented as safe to call from any thread while the connection is
/// busy on another. It opens a short connection of its own to deliver the request, so it
/// blocks: it runs on a thread of its own, never on the caller's (the caller is a task's
/// cancellation handler). Statements are numbered so that a late cancel request never hits
/// the next statement: it is only sent while the statement it names is running, and the
/// statement cannot finish (and the connection cannot start another) while it is being sent.
final class StatementCanceller: Sendable {
    private struct State {
        /// The PGcancel object's address; nil once the connection is closed. Kept as a number
        /// because the object is created on the connection's thread and used on the
        /// canceller's: `PQgetCancel` makes an independent copy of the connection's cancel
        /// data that libpq documents as usable from any thread, and it is only touched (used,
        /// freed) under this lock.
        var handle: UInt?
        var lastStatement: UInt64 = 0
        var running: UInt64?
        /// Statements cancelled before they started: they never start. (A cancellation that
        /// races with the end of its statement leaves a number behind; old ones are pruned.)
        var cancelledBeforeStart: Set<UInt64> = []
    }

    private let state: Mutex<State>

    init(_ handle: OpaquePointer?) {
        state = Mutex(State(handle: handle.map { UInt(bitPattern: $0) }))
    }

    /// A number for the next statement.
    func nextStatement() -> UInt64 {
        state.withLock { state in
            state.lastStatement += 1
            return state.lastStatement
        }
    }

    /// Runs `body` (the blocking libpq call) as `statement`, unless it was cancelled before.
    func running<T>(_ statement: UInt64, _ body: () throws -> T) throws -> T {
        try state.withLock { state in
            if state.cancelledBeforeStart.remove(statement) != nil { throw CancellationError() }
            state.running = statement
        }
        defer { state.withLock { $0.running = nil } }
        return try body()
    }

    /// Asks the server to cancel `statement` if it runs now; marks it so it never starts if it
    /// has not started yet.
    func cancel(_ statement: UInt64) {
        let isRunning = state.withLock { state in
            if state.running == statement { return true }
            state.cancelledBeforeStart = state.cancelledBeforeStart.filter { $0 + 64 > state.lastStatement }
            state.cancelledBeforeStart.insert(statement)
            return false
        }
        guard isRunning else { return }
        Thread.detachNewThread { [self] in
            state.withLock { state in
                guard state.running == statement, let handle = state.handle.flatMap(OpaquePointer.init(bitPattern:)) else { return }
                var message = [CChar](repeating: 0, count: 256)
                _ = PQcancel(handle, &message, Int32(message.count))
            }
        }
    }

    /// The connection is closing: no cancel request is sent any more.
    func invalidate() {
        state.withLock { state in
            if let handle = state.handle.flatMap(OpaquePointer.init(bitPattern:)) { PQfreeCancel(handle) }
            state.handle = nil
        }
    }
}
