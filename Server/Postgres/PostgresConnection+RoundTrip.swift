import CLibPQ
import Synchronization

/// One statement's trip to the server without holding a thread: send (nonblocking), flush,
/// then suspend on `SocketWatcher` until the whole answer is in, reading it as it arrives.
/// Every decision is `ConnectionState`'s, taken under the connection's lock.
extension PostgresConnection {
    /// Runs `body` (one or more round trips) as one numbered statement. When `cancellable`, a
    /// cancellation of the calling task asks the server to cancel it (`PQcancel`), and the call
    /// then fails with SQLSTATE 57014 while the connection stays usable.
    ///
    /// A round trip past the connection's statement deadline fails with `.statementTimeout`:
    /// the server is asked to cancel the statement and the connection is discarded. The call
    /// does not wait for the cancel request to go out (a black-holed server may never take it);
    /// no later statement can run on this connection for it to hit.
    func statement<T>(cancellable: Bool, _ body: () async throws -> T) async throws -> T {
        let number = locked.withLock { $0.state.nextStatement() }
        guard cancellable else { return try await run(number, body) }
        return try await withTaskCancellationHandler {
            try await run(number, body)
        } onCancel: {
            requestCancel(number)
        }
    }

    private func run<T>(_ number: UInt64, _ body: () async throws -> T) async throws -> T {
        try begin(number)
        let result: Result<T, any Error>
        do {
            result = .success(try await body())
        } catch let error as PostgresError where error.kind == .statementTimeout {
            locked.withLock { $0.state.discard() }
            requestCancel(number)
            throw error
        } catch let error as PostgresError where error.showsServerUnfit {
            locked.withLock { $0.state.serverUnfit() }
            result = .failure(error)
        } catch {
            result = .failure(error)
        }
        await finish(number)
        return try result.get()
    }

    private func begin(_ number: UInt64) throws {
        try locked.withLock { locked in
            switch locked.state.begin(number) {
            case .run(let checkAlive):
                guard checkAlive else { return }
                guard let pointer = locked.pointer, Self.checkAlive(pointer) else {
                    _ = locked.state.finish(number)
                    locked.state.discard()
                    throw PostgresError(kind: .staleConnection, message: "the server closed the connection while it was idle")
                }
                locked.state.checked()
            case .cancelled:
                throw CancellationError()
            case .busy:
                throw PostgresError.twoStatementsAtOnce
            case .unusable:
                guard let pointer = locked.pointer, PQstatus(pointer) != CONNECTION_OK else {
                    throw PostgresError(kind: .connectionLost, message: "the connection is closed")
                }
                // A statement whose connection broke midway: say what happened.
                throw LibPQResult.connectionError(pointer, fallback: "the connection was lost")
            }
        }
    }

    /// Marks the statement over, once no cancel request for it is on its way.
    private func finish(_ number: UInt64) async {
        guard locked.withLock({ $0.state.finish(number) }) == .waitForCancelRequest else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let sent = locked.withLock { locked -> Bool in
                guard case .cancelling(number, finishing: true) = locked.state.phase else { return true }
                locked.finisher = continuation
                return false
            }
            if sent { continuation.resume() }
        }
    }

    /// Asks the server to cancel `number` if it runs now; if it has not begun, it never will.
    private func requestCancel(_ number: UInt64) {
        let handle = locked.withLock { locked -> CancelHandle? in
            guard locked.state.cancel(number) == .send else { return nil }
            guard let cancel = locked.cancel else {
                _ = locked.state.cancelSent()
                return nil
            }
            return cancel
        }
        handle?.send { [self] in
            let finisher = locked.withLock { locked -> CheckedContinuation<Void, Never>? in
                guard locked.state.cancelSent() == .resumeFinisher else { return nil }
                defer { locked.finisher = nil }
                return locked.finisher
            }
            finisher?.resume()
        }
    }

    /// Sends with `send` (a `PQsend…` call) and reads every result. Returns the last result's
    /// outcome, or throws the first failure. A connection that breaks meanwhile keeps its
    /// bytes on the wire, so the pool discards it. With `deadline`, each wait for the server
    /// lasts at most the connection's statement timeout.
    func roundTrip(deadline: Bool = true, _ send: (OpaquePointer) -> Int32) async throws -> QueryOutcome {
        let deadline = deadline ? statementTimeout.map { ContinuousClock.now + $0 } : nil
        let socket: Int32 = try locked.withLock { locked in
            let pointer = try locked.livePointer()
            guard send(pointer) == 1 else {
                throw LibPQResult.connectionError(pointer, fallback: "the statement could not be sent")
            }
            locked.state.wire(true)
            return PQsocket(pointer)
        }
        try await flush(socket, deadline: deadline)
        return try await receive(socket, deadline: deadline)
    }

    /// Waits until libpq has handed everything it queued to the kernel (usually at once).
    func flush(_ socket: Int32, deadline: ContinuousClock.Instant?) async throws {
        while try locked.withLock({ try $0.flush() }) {
            try await watcher.wait(for: socket, .readableOrWritable, deadline: deadline)
            try locked.withLock { try $0.consumeInput() }
        }
    }

    private enum Step {
        case wait
        case result(QueryOutcome)
        case failure(any Error)
        case done
    }

    private func receive(_ socket: Int32, deadline: ContinuousClock.Instant?) async throws -> QueryOutcome {
        var last = QueryOutcome(rows: .empty, affectedRows: 0)
        var firstFailure: (any Error)?
        while true {
            let step: Step = try locked.withLock { locked in
                let pointer = try locked.livePointer()
                guard PQisBusy(pointer) == 0 else { return .wait }
                guard let result = PQgetResult(pointer) else {
                    locked.state.wire(false)
                    return .done
                }
                do {
                    return .result(try LibPQResult.outcome(of: result, connection: pointer))
                } catch {
                    return .failure(error)
                }
            }
            switch step {
            case .wait:
                try await watcher.wait(for: socket, .readable, deadline: deadline)
                try locked.withLock { try $0.consumeInput() }
            case .result(let outcome):
                last = outcome
            case .failure(let error):
                if firstFailure == nil { firstFailure = error }
            case .done:
                if let firstFailure { throw firstFailure }
                return last
            }
        }
    }
}

extension PostgresConnection.Locked {
    func livePointer() throws -> OpaquePointer {
        guard let pointer else { throw PostgresError(kind: .connectionLost, message: "the connection is closed") }
        return pointer
    }

    /// PQflush: true while output is still queued.
    func flush() throws -> Bool {
        let pointer = try livePointer()
        switch PQflush(pointer) {
        case 0: return false
        case 1: return true
        default: throw LibPQResult.connectionError(pointer, fallback: "could not send to the server")
        }
    }

    /// PQconsumeInput: reads what arrived (never blocks).
    func consumeInput() throws {
        let pointer = try livePointer()
        guard PQconsumeInput(pointer) == 1 else {
            throw LibPQResult.connectionError(pointer, fallback: "could not read from the server")
        }
    }
}

extension PostgresError {
    /// A leaseholder sent a statement while its connection was still running another.
    static let twoStatementsAtOnce = PostgresError(
        kind: .server, message: "two statements at once on one database connection; a connection runs one at a time")
}

// MARK: - Notifications

extension PostgresConnection {
    /// The payloads of notifications (`LISTEN`) that arrive within `timeout`: those waiting
    /// already, else the first batch to arrive; empty when none did. A cancellation of the
    /// calling task ends the wait. Throws when the connection breaks.
    func notifications(within timeout: Duration) async throws -> [String] {
        let (socket, waiting) = try locked.withLock { locked in
            let pointer = try locked.livePointer()
            return (PQsocket(pointer), Self.drainNotifications(pointer))
        }
        guard waiting.isEmpty else { return waiting }
        do {
            try await watcher.waitCancellably(for: socket, .readable, deadline: ContinuousClock.now + timeout)
        } catch let error as PostgresError where error.kind == .statementTimeout {
            return []
        }
        return try locked.withLock { locked in
            try locked.consumeInput()
            let pointer = try locked.livePointer()
            guard PQstatus(pointer) == CONNECTION_OK else {
                throw LibPQResult.connectionError(pointer, fallback: "the connection was lost")
            }
            return Self.drainNotifications(pointer)
        }
    }

    private static func drainNotifications(_ pointer: OpaquePointer) -> [String] {
        var payloads: [String] = []
        while let notification = PQnotifies(pointer) {
            payloads.append(notification.pointee.extra.map { String(cString: $0) } ?? "")
            PQfreemem(notification)
        }
        return payloads
    }
}
