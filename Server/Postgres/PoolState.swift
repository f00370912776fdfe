/// The bookkeeping of `PostgresPool`, kept in one value behind the pool's mutex. Its methods
/// only decide; the pool resumes continuations and does I/O after the lock is released.
struct PoolState: Sendable {
    /// What a lease receives: a connection that is already open, or the right to open one.
    enum Grant: Sendable {
        case connection(PostgresConnection)
        case slot
    }

    struct Waiter: Sendable {
        let id: UInt64
        let continuation: CheckedContinuation<Grant, any Error>
        let timeout: Task<Void, Never>
    }

    /// What to do with a connection that comes back from a lease.
    enum ReturnAction: Sendable {
        /// Lend it at once to the first waiter.
        case handOver(Waiter)
        /// Parked in the idle list.
        case parked
        /// The pool is closed: close it, then call `releaseSlot`.
        case close
    }

    /// The effect of a freed slot.
    struct SlotRelease: Sendable {
        /// The first waiter, now allowed to open a connection.
        var waiter: Waiter?
        /// Shutdowns waiting for the last connection to close.
        var shutdownWaiters: [CheckedContinuation<Void, Never>] = []
    }

    let maxConnections: Int
    private(set) var idle: [PostgresConnection] = []
    /// Slots taken: connections open, being opened, or being checked.
    private(set) var open = 0
    /// Slots held by leases.
    private(set) var inUse = 0
    private(set) var waiters: [Waiter] = []
    private(set) var totalWaits = 0
    private(set) var isClosed = false
    private var nextWaiterID: UInt64 = 0
    private var shutdownWaiters: [CheckedContinuation<Void, Never>] = []

    init(maxConnections: Int) {
        self.maxConnections = maxConnections
    }

    var statistics: PostgresPoolStatistics {
        PostgresPoolStatistics(open: open, inUse: inUse, idle: idle.count, waiting: waiters.count, totalWaits: totalWaits)
    }

    mutating func makeWaiterID() -> UInt64 {
        nextWaiterID += 1
        return nextWaiterID
    }

    /// A lease that can be served now: the most recently used idle connection, or a free slot.
    /// nil when the caller has to wait.
    mutating func leaseNow() -> Grant? {
        if let connection = idle.popLast() {
            inUse += 1
            return .connection(connection)
        }
        if open < maxConnections {
            open += 1
            inUse += 1
            return .slot
        }
        return nil
    }

    mutating func enqueue(_ waiter: Waiter) {
        waiters.append(waiter)
        totalWaits += 1
    }

    /// Removes a waiter that gave up (timeout, cancellation); nil if it was served already.
    mutating func removeWaiter(id: UInt64) -> Waiter? {
        guard let position = waiters.firstIndex(where: { $0.id == id }) else { return nil }
        return waiters.remove(at: position)
    }

    /// A lease gives back a connection that is fit for reuse.
    mutating func returnConnection(_ connection: PostgresConnection) -> ReturnAction {
        if isClosed { return .close }
        if !waiters.isEmpty { return .handOver(waiters.removeFirst()) }
        idle.append(connection)
        inUse -= 1
        return .parked
    }

    /// A lease's connection was closed (or never opened): its slot goes to the first waiter.
    mutating func releaseSlot() -> SlotRelease {
        inUse -= 1
        open -= 1
        if !isClosed, !waiters.isEmpty {
            open += 1
            inUse += 1
            return SlotRelease(waiter: waiters.removeFirst())
        }
        return SlotRelease(shutdownWaiters: takeShutdownWaitersIfDone())
    }

    /// An idle connection taken by `close()` has been closed.
    mutating func releaseIdleSlot() -> [CheckedContinuation<Void, Never>] {
        open -= 1
        return takeShutdownWaitersIfDone()
    }

    /// Marks the pool closed; returns the idle connections to close and the waiters to fail.
    mutating func close() -> (idle: [PostgresConnection], waiters: [Waiter]) {
        isClosed = true
        defer {
            idle = []
            waiters = []
        }
        return (idle, waiters)
    }

    /// Registers a shutdown that waits for every slot to be released; false if none is taken.
    mutating func awaitAllClosed(_ continuation: CheckedContinuation<Void, Never>) -> Bool {
        guard open > 0 else { return false }
        shutdownWaiters.append(continuation)
        return true
    }

    private mutating func takeShutdownWaitersIfDone() -> [CheckedContinuation<Void, Never>] {
        guard isClosed, open == 0 else { return [] }
        defer { shutdownWaiters = [] }
        return shutdownWaiters
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
