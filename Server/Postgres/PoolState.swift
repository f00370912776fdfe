/// The bookkeeping of `PostgresPool`: which connections are idle, how many slots are taken,
/// who waits in line. Its methods only decide; the pool resumes continuations and does I/O
/// after its lock is released (as postgres-nio's `PoolStateMachine` does).
///
/// Generic over the connection and the waiter, so that every decision is unit-tested without
/// a database (`PoolStateTests`).
struct PoolState<Connection: Sendable, Waiter: Sendable>: Sendable {
    enum Phase: Sendable, Equatable {
        /// Created, but `run()` has not started the threads yet: leases wait in line.
        case starting
        case running
        /// Shut down: nothing is lent any more.
        case closed
    }

    /// What a lease receives: a connection that is already open, or the right to open one.
    enum Grant: Sendable {
        case connection(Connection)
        case slot
    }

    enum LeaseDecision: Sendable {
        case grant(Grant)
        /// The waiter was put in line.
        case wait
        case refuse(Refusal)
    }

    enum Refusal: Sendable, Equatable {
        case closed
        /// `maxWaiters` leases already wait: fail fast instead of growing the line.
        case lineFull
    }

    /// What to do with a connection that comes back from a lease.
    enum ReturnAction: Sendable {
        /// Lend it at once to this waiter (the first in line).
        case handOver(Waiter)
        /// Parked in the idle list.
        case park
        /// The pool is closed: close it, then call `releaseSlot()`.
        case close
    }

    let maxConnections: Int
    let maxWaiters: Int
    private(set) var phase = Phase.starting
    /// Open connections waiting to be lent; the most recently returned is lent first.
    private(set) var idle: [Connection] = []
    /// Slots taken: connections open, being opened, or being checked.
    private(set) var open = 0
    /// Slots held by leases.
    private(set) var inUse = 0
    /// Waiters in arrival order (first come, first served).
    private var line: [(id: UInt64, waiter: Waiter)] = []
    /// Leases that had to wait because every connection was in use.
    private(set) var totalWaits = 0

    init(maxConnections: Int, maxWaiters: Int) {
        precondition(maxConnections >= 1, "a pool needs at least one connection")
        self.maxConnections = maxConnections
        self.maxWaiters = max(0, maxWaiters)
    }

    var waiting: Int { line.count }

    /// Closed and every slot given back.
    var isDrained: Bool { phase == .closed && open == 0 }

    var statistics: PostgresPoolStatistics {
        PostgresPoolStatistics(open: open, inUse: inUse, idle: idle.count, waiting: line.count, totalWaits: totalWaits)
    }

    /// A lease asks for a connection: an idle one, a free slot, or a place in line.
    mutating func lease(id: UInt64, waiter: Waiter) -> LeaseDecision {
        switch phase {
        case .closed:
            return .refuse(.closed)
        case .running:
            if let connection = idle.popLast() {
                inUse += 1
                return .grant(.connection(connection))
            }
            if open < maxConnections {
                open += 1
                inUse += 1
                return .grant(.slot)
            }
        case .starting:
            break
        }
        guard line.count < maxWaiters else { return .refuse(.lineFull) }
        line.append((id, waiter))
        // Waiting for `run()` to start is no sign of a busy pool.
        if phase == .running { totalWaits += 1 }
        return .wait
    }

    /// `run()` has started the threads: the first waiters (up to `maxConnections`) get slots.
    mutating func start() -> [Waiter] {
        guard phase == .starting else { return [] }
        phase = .running
        var granted: [Waiter] = []
        while open < maxConnections, !line.isEmpty {
            open += 1
            inUse += 1
            granted.append(line.removeFirst().waiter)
        }
        return granted
    }

    /// Removes a waiter that gave up (timeout, cancellation); nil if it was served already.
    mutating func removeWaiter(id: UInt64) -> Waiter? {
        guard let position = line.firstIndex(where: { $0.id == id }) else { return nil }
        return line.remove(at: position).waiter
    }

    /// Removes, from the front of the line, the waiters for which `isOverdue` holds (they
    /// waited longest; the line is in order of arrival).
    mutating func removeOverdueWaiters(_ isOverdue: (Waiter) -> Bool) -> [Waiter] {
        let count = line.prefix(while: { isOverdue($0.waiter) }).count
        defer { line.removeFirst(count) }
        return line.prefix(count).map(\.waiter)
    }

    /// A lease gives back a connection that is fit for reuse.
    mutating func returnConnection(_ connection: Connection) -> ReturnAction {
        if phase == .closed { return .close }
        if !line.isEmpty { return .handOver(line.removeFirst().waiter) }
        idle.append(connection)
        inUse -= 1
        return .park
    }

    /// A lease's connection was closed (or never opened). Its slot goes to the first waiter,
    /// who may open a new connection; nil when nobody waits (or the pool is closed).
    mutating func releaseSlot() -> Waiter? {
        inUse -= 1
        open -= 1
        guard phase == .running, !line.isEmpty else { return nil }
        open += 1
        inUse += 1
        return line.removeFirst().waiter
    }

    /// Marks the pool closed; returns the idle connections to close and the waiters to fail.
    mutating func close() -> (idle: [Connection], waiters: [Waiter]) {
        phase = .closed
        defer {
            idle = []
            line = []
        }
        return (idle, line.map(\.waiter))
    }

    /// Takes the idle connections for which `isRetired` holds out of the pool; the caller
    /// closes them and then calls `releaseIdleSlot()` for each (until then their slots stay taken).
    mutating func removeIdle(where isRetired: (Connection) -> Bool) -> [Connection] {
        let retired = idle.filter(isRetired)
        idle.removeAll(where: isRetired)
        return retired
    }

    /// An idle connection taken by `close()` or `removeIdle` has been closed. Its slot goes to
    /// the first waiter, who may open a new connection; nil when nobody waits (or the pool is closed).
    mutating func releaseIdleSlot() -> Waiter? {
        open -= 1
        guard phase == .running, !line.isEmpty else { return nil }
        open += 1
        inUse += 1
        return line.removeFirst().waiter
    }
}

/// Counters for metrics.
public struct PostgresPoolStatistics: Sendable, Equatable {
    /// Connections open or being opened.
    public var open: Int
    /// Connections lent out.
    public var inUse: Int
    /// Open connections waiting to be lent.
    public var idle: Int
    /// Leases waiting for a connection.
    public var waiting: Int
    /// Leases that had to wait, since the pool started.
    public var totalWaits: Int

    public init(open: Int, inUse: Int, idle: Int, waiting: Int, totalWaits: Int) {
        self.open = open
        self.inUse = inUse
        self.idle = idle
        self.waiting = waiting
        self.totalWaits = totalWaits
    }
}
