import CLibPQ
import Foundation
import Synchronization

/// Cancels the statement a connection is running, on behalf of a task that was cancelled.
///
/// libpq's `PQcancel` is documented as safe to call from any thread while the connection is
/// busy. It opens a short connection of its own to deliver the request, so it blocks: it
/// runs on a thread of its own, never on the caller's (the caller is a task's cancellation
/// handler). Statements are numbered so that a late cancel request never hits the next
/// statement: a request is only sent while the statement it names runs, and that statement
/// does not count as finished (so the connection starts nothing else) until the request is
/// out; the task waits for that without holding a thread.
final class StatementCanceller: Sendable {
    private struct State {
        /// The PGcancel object's address; nil once freed. Kept as a number because the object
        /// is made by the connection and used on the sending thread: `PQgetCancel` makes an
        /// independent copy of the connection's cancel data that libpq documents as usable
        /// from any thread. It is freed only while no request is being sent with it.
        var handle: UInt?
        var lastStatement: UInt64 = 0
        var running: UInt64?
        /// Statements cancelled before they started: they never start. (A cancellation that
        /// races with the end of its statement leaves a number behind; old ones are pruned.)
        var cancelledBeforeStart: Set<UInt64> = []
        /// A cancel request for `running` is being sent.
        var sending = false
        /// The connection closed while a request was being sent: the sender frees the handle.
        var freeAfterSending = false
        /// The statement's task, waiting in `finished` for the request to be sent.
        var finishing: CheckedContinuation<Void, Never>?
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

    /// Marks `statement` as running; throws `CancellationError` if it was cancelled before,
    /// and refuses it while another statement runs on the connection.
    func start(_ statement: UInt64) throws {
        try state.withLock { state in
            if state.cancelledBeforeStart.remove(statement) != nil { throw CancellationError() }
            guard state.running == nil else { throw PostgresError.twoStatementsAtOnce }
            state.running = statement
        }
    }

    /// Marks the running statement as finished, once no cancel request for it is on its way.
    func finished() async {
        let done = state.withLock { state in
            guard !state.sending else { return false }
            state.running = nil
            return true
        }
        guard !done else { return }
        await withCheckedContinuation { continuation in
            let stillSending = state.withLock { state in
                guard state.sending else {
                    state.running = nil
                    return false
                }
                state.finishing = continuation
                return true
            }
            if !stillSending { continuation.resume() }
        }
    }

    /// Asks the server to cancel `statement` if it runs now; marks it so it never starts if it
    /// has not started yet.
    func cancel(_ statement: UInt64) {
        let handle: UInt? = state.withLock { state in
            guard state.running == statement else {
                state.cancelledBeforeStart = state.cancelledBeforeStart.filter { $0 + 64 > state.lastStatement }
                state.cancelledBeforeStart.insert(statement)
                return nil
            }
            guard !state.sending, let handle = state.handle else { return nil }
            state.sending = true
            return handle
        }
        guard let handle else { return }
        Thread.detachNewThread { [self] in
            let pointer = OpaquePointer(bitPattern: handle)
            var message = [CChar](repeating: 0, count: 256)
            _ = PQcancel(pointer, &message, Int32(message.count))
            let finishing = state.withLock { state in
                state.sending = false
                if state.freeAfterSending {
                    PQfreeCancel(pointer)
                    state.handle = nil
                }
                let finishing = state.finishing
                if finishing != nil { state.running = nil }
                state.finishing = nil
                return finishing
            }
            finishing?.resume()
        }
    }

    /// The connection is closing: no cancel request is sent any more.
    func invalidate() {
        state.withLock { state in
            guard let handle = state.handle.flatMap(OpaquePointer.init(bitPattern:)) else { return }
            if state.sending {
                state.freeAfterSending = true
            } else {
                PQfreeCancel(handle)
                state.handle = nil
            }
        }
    }
}
