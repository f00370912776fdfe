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
        /// `maxWaiters` leases of its priority already wait: fail fast instead of growing the line.
        case lineFull
        /// More wait ahead of it than the line serves before its wait would run out.
        case lineTooSlow
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
    /// Connections a `.normal` lease leaves free for `.urgent` ones: it is lent one only while
    /// more than this many are free (`LeasePriority`).
    let keptForUrgent: Int
    private(set) var phase = Phase.starting
    /// Open connections waiting to be lent; the most recently returned is lent first.
    private(set) var idle: [Connection] = []
    /// Slots taken: connections open, being opened, or being checked.
    private(set) var open = 0
    /// Slots held by leases.
    private(set) var inUse = 0
    /// Waiters in arrival order, one line per priority: a connection goes to the first
    /// `.urgent` waiter, and to the first `.normal` one only when no urgent lease waits.
    private var urgentLine: [(id: UInt64, waiter: Waiter)] = []
    private var line: [(id: UInt64, waiter: Waiter)] = []
    /// Leases that had to wait because every connection was in use.
    private(set) var totalWaits = 0
    /// Of those, the urgent ones.
    private(set) var urgentWaits = 0

    init(maxConnections: Int, maxWaiters: Int, keptForUrgent: Int = 0) {
        precondition(maxConnections >= 1, "a pool needs at least one connection")
        self.maxConnections = maxConnections
        self.maxWaiters = max(0, maxWaiters)
        self.keptForUrgent = min(max(0, keptForUrgent), maxConnections - 1)
    }

    /// A quarter of the connections (none in a pool of fewer than four).
    static func defaultKeptForUrgent(maxConnections: Int) -> Int {
        maxConnections / 4
    }

    /// Whether a lease of `priority` may have a connection while `held` are lent to others.
    private func mayLend(_ priority: LeasePriority, held: Int) -> Bool {
        priority == .urgent || maxConnections - held > keptForUrgent
    }

    var waiting: Int { urgentLine.count + line.count }

    /// Closed and every slot given back.
    var isDrained: Bool { phase == .closed && open == 0 }

    var statistics: PostgresPoolStatistics {
        PostgresPoolStatistics(
            open: open, inUse: inUse, idle: idle.count, waiting: waiting, totalWaits: totalWaits, urgentWaits: urgentWaits)
    }

    /// Leases that would be served before one of `priority` that starts to wait now.
    func ahead(of priority: LeasePriority) -> Int {
        priority == .urgent ? urgentLine.count : waiting
    }

    /// A lease asks for a connection: an idle one, a free slot, or a place in its priority's
    /// line, which holds at most `maxWaiters` (an urgent lease is never turned away because
    /// the normal line is full) and which it joins only behind fewer than `waitsBehind` leases.
    mutating func lease(id: UInt64, waiter: Waiter, priority: LeasePriority = .normal, waitsBehind: Int = .max) -> LeaseDecision {
        switch phase {
        case .closed:
            return .refuse(.closed)
        case .running:
            guard mayLend(priority, held: inUse) else { break }
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
        guard (priority == .urgent ? urgentLine.count : line.count) < maxWaiters else { return .refuse(.lineFull) }
        // Before `run()` nothing is served yet: no line is too slow then.
        guard phase == .starting || ahead(of: priority) < waitsBehind else { return .refuse(.lineTooSlow) }
        switch priority {
        case .urgent: urgentLine.append((id, waiter))
        case .normal: line.append((id, waiter))
        }
        // Waiting for `run()` to start is no sign of a busy pool.
        if phase == .running {
            totalWaits += 1
            if priority == .urgent { urgentWaits += 1 }
        }
        return .wait
    }

    /// `run()` has started the threads: the first waiters (up to `maxConnections`) get slots.
    mutating func start() -> [Waiter] {
        guard phase == .starting else { return [] }
        phase = .running
        var granted: [Waiter] = []
        while open < maxConnections, let waiter = nextWaiter(held: inUse) {
            open += 1
            inUse += 1
            granted.append(waiter)
        }
        return granted
    }

    /// Takes the waiter to serve next out of line, while `held` connections are lent to
    /// others: the first urgent one, else the first normal one if it may have one.
    private mutating func nextWaiter(held: Int) -> Waiter? {
        if !urgentLine.isEmpty { return urgentLine.removeFirst().waiter }
        if !line.isEmpty, mayLend(.normal, held: held) { return line.removeFirst().waiter }
        return nil
    }

    /// Removes a waiter that gave up (timeout, cancellation); nil if it was served already.
    mutating func removeWaiter(id: UInt64) -> Waiter? {
        if let position = urgentLine.firstIndex(where: { $0.id == id }) { return urgentLine.remove(at: position).waiter }
        guard let position = line.firstIndex(where: { $0.id == id }) else { return nil }
        return line.remove(at: position).waiter
    }

    /// Removes, from the front of each line, the waiters for which `isOverdue` holds (they
    /// waited longest; each line is in order of arrival).
    mutating func removeOverdueWaiters(_ isOverdue: (Waiter) -> Bool) -> [Waiter] {
        Self.removeOverdue(from: &urgentLine, isOverdue) + Self.removeOverdue(from: &line, isOverdue)
    }

    private static func removeOverdue(from line: inout [(id: UInt64, waiter: Waiter)], _ isOverdue: (Waiter) -> Bool) -> [Waiter] {
        let count = line.prefix(while: { isOverdue($0.waiter) }).count
        defer { line.removeFirst(count) }
        return line.prefix(count).map(\.waiter)
    }

    /// A lease gives back a connection that is fit for reuse.
    mutating func returnConnection(_ connection: Connection) -> ReturnAction {
        if phase == .closed { return .close }
        if let waiter = nextWaiter(held: inUse - 1) { return .handOver(waiter) }
        idle.append(connection)
        inUse -= 1
        return .park
    }

    /// A lease's connection was closed (or never opened). Its slot goes to the first waiter,
    /// who may open a new connection; nil when nobody waits (or the pool is closed).
    mutating func releaseSlot() -> Waiter? {
        inUse -= 1
        open -= 1
        return slotToNextWaiter()
    }

    /// A freed slot goes to the next waiter (who opens a connection in it), if the pool runs.
    private mutating func slotToNextWaiter() -> Waiter? {
        guard phase == .running, let waiter = nextWaiter(held: inUse) else { return nil }
        open += 1
        inUse += 1
        return waiter
    }

    /// Marks the pool closed; returns the idle connections to close and the waiters to fail.
    mutating func close() -> (idle: [Connection], waiters: [Waiter]) {
        phase = .closed
        defer {
            idle = []
            urgentLine = []
            line = []
        }
        return (idle, (urgentLine + line).map(\.waiter))
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
        return slotToNextWaiter()
    }
}

/// Which line a lease waits in when every connection is lent: an `.urgent` lease is served
/// before every `.normal` one, whenever it came, and normal leases leave a few connections
/// free for urgent ones (`PoolState.keptForUrgent`). For the statements someone waits on with
/// a clock running (an exam's answers and its submission), so that a crowd of sign-ins' and
/// starts' statements does not hold them back.
public enum LeasePriority: Sendable, Equatable {
    case normal
    case urgent
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
    /// Of those, the `.urgent` ones.
    public var urgentWaits: Int

    public init(open: Int, inUse: Int, idle: Int, waiting: Int, totalWaits: Int, urgentWaits: Int = 0) {
        self.open = open
        self.inUse = inUse
        self.idle = idle
        self.waiting = waiting
        self.totalWaits = totalWaits
        self.urgentWaits = urgentWaits
    }
}
