/// What one connection is doing, and every decision about it, without I/O: `PostgresConnection`
/// decides under its lock and acts outside it, as the pool does with `PoolState` (and
/// postgres-nio with its state machines). Tested without a database.
///
/// A statement is numbered when it begins. A cancel request (for a task cancelled while its
/// statement runs, or a statement past its deadline) is sent only while that statement runs,
/// and the statement does not count as finished — the connection starts nothing else — until
/// the request is out, so a late request can never cancel the next statement.
struct ConnectionState: Sendable {
    enum Phase: Equatable, Sendable {
        /// Nothing on the wire. `parked`: it waited in the pool, so the next statement first
        /// checks (without a round trip) that the server has not closed it meanwhile.
        case idle(parked: Bool)
        /// Statement `n` runs.
        case running(UInt64)
        /// Statement `n` runs and a cancel request for it is being sent. `finishing`: the
        /// statement is done and its task waits for the request to go out.
        case cancelling(UInt64, finishing: Bool)
        case closed
    }

    private(set) var phase = Phase.idle(parked: false)
    /// Bytes of a round trip are on the wire and its answer is not all read.
    private(set) var onWire = false
    /// The connection broke midway or missed a deadline: never lent again.
    private(set) var discarded = false
    /// A statement showed that the server can no longer do the pool's work (it went away,
    /// is shutting down, or became read-only): discarded, and the pool retires the
    /// connections opened before this one.
    private(set) var foundServerUnfit = false
    private var lastStatement: UInt64 = 0
    /// The last statement that began (numbers only grow; one statement runs at a time).
    private var lastBegun: UInt64 = 0
    /// Statements cancelled before they began: they never begin.
    private var cancelledBeforeStart: Set<UInt64> = []

    /// Statements prepared on this connection: SQL text → name.
    var prepared: [String: String] = [:]
    /// Statements ever prepared here, for unique names.
    var statementsPrepared = 0

    /// A number for the next statement.
    mutating func nextStatement() -> UInt64 {
        lastStatement += 1
        return lastStatement
    }

    enum Begin: Equatable, Sendable {
        /// Run it; with `checkAlive`, after checking (no round trip) that the server has not
        /// closed the connection while it was parked.
        case run(checkAlive: Bool)
        /// Its task was cancelled before it began.
        case cancelled
        /// Another statement runs (a leaseholder used the connection twice at once).
        case busy
        /// The connection broke earlier or is closed.
        case unusable
    }

    mutating func begin(_ statement: UInt64) -> Begin {
        if cancelledBeforeStart.remove(statement) != nil { return .cancelled }
        guard !discarded else { return .unusable }
        switch phase {
        case .idle(let parked):
            phase = .running(statement)
            lastBegun = max(lastBegun, statement)
            return .run(checkAlive: parked)
        case .running, .cancelling:
            return .busy
        case .closed:
            return .unusable
        }
    }

    /// A round trip puts bytes on the wire (true), or has read its whole answer (false).
    mutating func wire(_ busy: Bool) {
        onWire = busy
    }

    enum Cancel: Equatable, Sendable {
        /// Send a cancel request now (the caller owns the sending until `cancelSent`).
        case send
        case nothing
    }

    /// The task of `statement` was cancelled, or the statement missed its deadline.
    mutating func cancel(_ statement: UInt64) -> Cancel {
        switch phase {
        case .running(statement):
            phase = .cancelling(statement, finishing: false)
            return .send
        case .cancelling(statement, _):
            return .nothing
        default:
            // Not running: if it has not begun, it never will; if it is over, nothing to do.
            if statement > lastBegun {
                cancelledBeforeStart = cancelledBeforeStart.filter { $0 + 64 > lastStatement }
                cancelledBeforeStart.insert(statement)
            }
            return .nothing
        }
    }

    enum AfterCancel: Equatable, Sendable {
        /// Resume the task that waits in `finish` for the request.
        case resumeFinisher
        case nothing
    }

    /// The cancel request went out (or failed to).
    mutating func cancelSent() -> AfterCancel {
        switch phase {
        case .cancelling(let statement, let finishing):
            if finishing {
                phase = .idle(parked: false)
                return .resumeFinisher
            }
            phase = .running(statement)
            return .nothing
        case .idle, .running, .closed:
            return .nothing
        }
    }

    enum Finish: Equatable, Sendable {
        case done
        /// A cancel request for it is on its way: wait for `cancelSent`.
        case waitForCancelRequest
    }

    /// `statement` is over (its answer read, or an error thrown).
    mutating func finish(_ statement: UInt64) -> Finish {
        switch phase {
        case .running(statement):
            phase = .idle(parked: false)
            return .done
        case .cancelling(statement, _):
            phase = .cancelling(statement, finishing: true)
            return .waitForCancelRequest
        default:
            return .done
        }
    }

    /// What is on the wire is unknown (the connection broke, or a statement missed its
    /// deadline and its task left without the answer): the connection is never lent again.
    mutating func discard() {
        discarded = true
    }

    /// A statement failed in a way that shows the server unfit (`PostgresError.showsServerUnfit`).
    mutating func serverUnfit() {
        foundServerUnfit = true
        discarded = true
    }

    /// Closed: nothing runs on it again. (A cancel request still being sent holds its own
    /// reference to the cancel handle, which is freed when that is done.) True when a task
    /// waits in `finish` for a cancel request: resume it, its statement is gone with the
    /// connection.
    mutating func close() -> Bool {
        defer {
            phase = .closed
            discarded = true
        }
        if case .cancelling(_, finishing: true) = phase { return true }
        return false
    }

    /// The pool parks the connection between leases.
    mutating func park() {
        if case .idle = phase { phase = .idle(parked: true) }
    }

    /// The parked connection was checked and found open.
    mutating func checked() {
        if case .idle(parked: true) = phase { phase = .idle(parked: false) }
    }

    /// Whether the pool may lend it again: idle, nothing on the wire, not broken.
    var isReusable: Bool {
        guard case .idle = phase else { return false }
        return !onWire && !discarded
    }
}
