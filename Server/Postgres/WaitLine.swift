/// Which line a lease waits in when every connection of the pool is lent.
public enum LeasePriority: Sendable, Equatable {
    /// Requests someone is waiting on now: an exam's saves, pages, starts.
    case normal
    /// Work that waits well: a sign-in, which has already waited in the hashing queue, goes
    /// behind `normal` leases, but is never passed over more than `WaitLine.normalPerDeferred`
    /// times in a row.
    case deferred
}

/// The leases waiting for a connection: two lines, each first come, first served. A waiter of
/// the `normal` line goes first, except that after `normalPerDeferred` of them in a row while a
/// `deferred` waiter waits, the deferred one goes: a sign-in surge cannot hold an exam's saves
/// behind its own database work, and a steady stream of saves cannot starve the sign-ins.
struct WaitLine<Waiter: Sendable>: Sendable {
    static var normalPerDeferred: Int { 3 }

    private var normal: [(id: UInt64, waiter: Waiter)] = []
    private var deferred: [(id: UInt64, waiter: Waiter)] = []
    /// `normal` waiters served in a row while a deferred one waited.
    private var passedOver = 0

    var count: Int { normal.count + deferred.count }
    var isEmpty: Bool { normal.isEmpty && deferred.isEmpty }

    mutating func append(id: UInt64, waiter: Waiter, priority: LeasePriority) {
        switch priority {
        case .normal: normal.append((id, waiter))
        case .deferred: deferred.append((id, waiter))
        }
    }

    /// The waiter whose turn it is; nil when nobody waits.
    mutating func next() -> Waiter? {
        if !deferred.isEmpty, normal.isEmpty || passedOver >= Self.normalPerDeferred {
            passedOver = 0
            return deferred.removeFirst().waiter
        }
        guard !normal.isEmpty else { return nil }
        if !deferred.isEmpty { passedOver += 1 }
        return normal.removeFirst().waiter
    }

    /// Removes a waiter that gave up; nil if it is not in either line.
    mutating func remove(id: UInt64) -> Waiter? {
        if let position = normal.firstIndex(where: { $0.id == id }) { return normal.remove(at: position).waiter }
        if let position = deferred.firstIndex(where: { $0.id == id }) { return deferred.remove(at: position).waiter }
        return nil
    }

    /// Removes, from the front of each line, the waiters for which `isOverdue` holds (each line
    /// is in order of arrival, so they waited longest).
    mutating func removeOverdue(_ isOverdue: (Waiter) -> Bool) -> [Waiter] {
        let normalCount = normal.prefix(while: { isOverdue($0.waiter) }).count
        let deferredCount = deferred.prefix(while: { isOverdue($0.waiter) }).count
        defer {
            normal.removeFirst(normalCount)
            deferred.removeFirst(deferredCount)
        }
        return normal.prefix(normalCount).map(\.waiter) + deferred.prefix(deferredCount).map(\.waiter)
    }

    /// Empties both lines; their waiters, normal ones first.
    mutating func removeAll() -> [Waiter] {
        defer {
            normal = []
            deferred = []
        }
        return normal.map(\.waiter) + deferred.map(\.waiter)
    }
}
