import CLibPQ
import Synchronization

/// One statement's trip to the server without holding a thread: send (nonblocking), flush,
/// then suspend on `SocketWatcher` until the whole answer is in, reading it as it arrives.
extension PostgresConnection {
    /// Runs `body` (one or more round trips) as one numbered statement; when `cancellable`, a
    /// cancellation of the calling task asks the server to cancel it (`PQcancel`), and the
    /// call then fails with SQLSTATE 57014 while the connection stays usable.
    ///
    /// A round trip past the connection's statement deadline fails with `.statementTimeout`:
    /// the server is asked to cancel the statement, and the connection stays marked in
    /// flight, so the pool discards it. The call does not wait for the cancel request to go
    /// out (a black-holed server may never take it); no later statement can run on this
    /// connection for it to hit.
    func statement<T>(cancellable: Bool, _ body: () async throws -> T) async throws -> T {
        guard cancellable else { return try await body() }
        let number = canceller.nextStatement()
        return try await withTaskCancellationHandler {
            try canceller.start(number)
            let result: Result<T, any Error>
            do {
                result = .success(try await body())
            } catch let error as PostgresError where error.kind == .statementTimeout {
                canceller.cancel(number)
                throw error
            } catch {
                result = .failure(error)
            }
            await canceller.finished()
            return try result.get()
        } onCancel: {
            canceller.cancel(number)
        }
    }

    /// Sends with `send` (a `PQsend…` call) and reads every result. Returns the last result's
    /// outcome, or throws the first failure. A connection fresh from the pool is first checked
    /// (no round trip) to be still open: a closed one throws `.staleConnection` before
    /// anything is sent. A connection that breaks meanwhile stays marked in flight, so the
    /// pool discards it.
    func roundTrip(deadline: Bool = true, _ send: (OpaquePointer) -> Int32) async throws -> QueryOutcome {
        let deadline = deadline ? statementTimeout.map { ContinuousClock.now + $0 } : nil
        let socket: Int32 = try handle.withLock { handle in
            let pointer = try handle.livePointer()
            if handle.checkBeforeUse {
                guard Self.checkAlive(pointer) else {
                    throw PostgresError(kind: .staleConnection, message: "the server closed the connection while it was idle")
                }
                handle.checkBeforeUse = false
            }
            guard !handle.inFlight else {
                // A statement whose connection broke midway stays in flight: say what happened.
                guard PQstatus(pointer) == CONNECTION_OK else {
                    throw LibPQResult.connectionError(pointer, fallback: "the connection was lost")
                }
                throw PostgresError.twoStatementsAtOnce
            }
            guard send(pointer) == 1 else {
                throw LibPQResult.connectionError(pointer, fallback: "the statement could not be sent")
            }
            handle.inFlight = true
            return PQsocket(pointer)
        }
        try await flush(socket, deadline: deadline)
        return try await receive(socket, deadline: deadline)
    }

    /// Waits until libpq has handed everything it queued to the kernel (usually at once).
    private func flush(_ socket: Int32, deadline: ContinuousClock.Instant?) async throws {
        while try handle.withLock({ try $0.flush() }) {
            try await watcher.wait(for: socket, .readableOrWritable, deadline: deadline)
            try handle.withLock { try $0.consumeInput() }
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
            let step: Step = try handle.withLock { handle in
                let pointer = try handle.livePointer()
                guard PQisBusy(pointer) == 0 else { return .wait }
                guard let result = PQgetResult(pointer) else {
                    handle.inFlight = false
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
                try handle.withLock { try $0.consumeInput() }
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

extension PostgresConnection.Handle {
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
