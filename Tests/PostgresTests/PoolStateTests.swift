import ExamPrepTestSupport
import Testing

@testable import ExamPrepPostgres

/// The pool's decisions, without a database (as postgres-nio tests its pool state machine):
/// connections are numbers, waiters are names.
@Suite("Pool state machine", .hangGuard)
struct PoolStateTests {
    typealias State = PoolState<Int, String>

    static func running(max: Int = 2, maxWaiters: Int = 4) -> State {
        var state = State(maxConnections: max, maxWaiters: maxWaiters)
        #expect(state.start().isEmpty)
        return state
    }

    static func isSlot(_ decision: State.LeaseDecision) -> Bool {
        if case .grant(.slot) = decision { return true }
        return false
    }

    static func connection(_ decision: State.LeaseDecision) -> Int? {
        if case .grant(.connection(let connection)) = decision { return connection }
        return nil
    }

    static func waiter(_ action: State.ReturnAction) -> String? {
        if case .handOver(let waiter) = action { return waiter }
        return nil
    }

    @Test func slotsUpToTheMaximumThenTheLine() {
        var state = Self.running(max: 2)
        #expect(Self.isSlot(state.lease(id: 1, waiter: "a")))
        #expect(Self.isSlot(state.lease(id: 2, waiter: "b")))
        guard case .wait = state.lease(id: 3, waiter: "c") else {
            Issue.record("the third lease should wait")
            return
        }
        #expect(state.statistics == PostgresPoolStatistics(open: 2, inUse: 2, idle: 0, waiting: 1, totalWaits: 1))
    }

    @Test func theMostRecentlyReturnedConnectionIsLentFirst() {
        var state = Self.running(max: 2)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "b")
        guard case .park = state.returnConnection(10), case .park = state.returnConnection(20) else {
            Issue.record("with nobody waiting, returned connections are parked")
            return
        }
        #expect(Self.connection(state.lease(id: 3, waiter: "c")) == 20)
        #expect(Self.connection(state.lease(id: 4, waiter: "d")) == 10)
    }

    @Test func aReturnedConnectionGoesToTheFirstWaiterInLine() {
        var state = Self.running(max: 1)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "b")
        _ = state.lease(id: 3, waiter: "c")
        #expect(Self.waiter(state.returnConnection(10)) == "b")
        #expect(Self.waiter(state.returnConnection(10)) == "c")
        guard case .park = state.returnConnection(10) else {
            Issue.record("the line is empty now")
            return
        }
        #expect(state.statistics == PostgresPoolStatistics(open: 1, inUse: 0, idle: 1, waiting: 0, totalWaits: 2))
    }

    @Test func aReleasedSlotGoesToTheFirstWaiterWhoOpensANewConnection() {
        var state = Self.running(max: 1)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "b")
        #expect(state.releaseSlot() == "b")
        #expect(state.open == 1)
        #expect(state.inUse == 1)
        #expect(state.releaseSlot() == nil)
        #expect(state.open == 0)
    }

    @Test func retiredIdleConnectionsKeepTheirSlotsUntilClosedThenTheSlotsGoToTheLine() {
        var state = Self.running(max: 3)
        for (id, name) in ["a", "b", "c"].enumerated() { _ = state.lease(id: UInt64(id), waiter: name) }
        for connection in [10, 20, 30] { _ = state.returnConnection(connection) }
        #expect(state.removeIdle { $0 < 30 } == [10, 20])
        #expect(state.statistics == PostgresPoolStatistics(open: 3, inUse: 0, idle: 1, waiting: 0, totalWaits: 0))
        #expect(Self.connection(state.lease(id: 4, waiter: "d")) == 30, "the connection opened after the cut-off is lent")
        guard case .wait = state.lease(id: 5, waiter: "e") else {
            Issue.record("the retired connections still hold their slots while they close")
            return
        }
        #expect(state.releaseIdleSlot() == "e", "a closed retired connection's slot goes to the first waiter")
        #expect(state.releaseIdleSlot() == nil)
        #expect(state.statistics == PostgresPoolStatistics(open: 2, inUse: 2, idle: 0, waiting: 0, totalWaits: 1))
    }

    @Test func theLineIsCapped() {
        var state = Self.running(max: 1, maxWaiters: 1)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "b")
        guard case .refuse(.lineFull) = state.lease(id: 3, waiter: "c") else {
            Issue.record("a second waiter is over the cap")
            return
        }
        #expect(state.waiting == 1)
    }

    @Test func aWaiterWhoGivesUpLeavesTheLineOnce() {
        var state = Self.running(max: 1)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "b")
        #expect(state.removeWaiter(id: 2) == "b")
        #expect(state.removeWaiter(id: 2) == nil)
        guard case .park = state.returnConnection(10) else {
            Issue.record("nobody waits any more")
            return
        }
    }

    @Test func leasesBeforeStartWaitAndStartGrantsThemSlotsUpToTheMaximum() {
        var state = State(maxConnections: 2, maxWaiters: 10)
        for (id, name) in ["a", "b", "c"].enumerated() {
            guard case .wait = state.lease(id: UInt64(id), waiter: name) else {
                Issue.record("before start every lease waits")
                return
            }
        }
        #expect(state.start() == ["a", "b"])
        #expect(state.waiting == 1)
        #expect(state.open == 2)
        #expect(state.start().isEmpty, "a second start changes nothing")
    }

    @Test func closingFailsTheLineHandsBackIdleConnectionsAndClosesReturnedOnes() {
        var state = Self.running(max: 2)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "b")
        _ = state.returnConnection(10)
        _ = state.lease(id: 3, waiter: "c")  // gets 10 again
        _ = state.lease(id: 4, waiter: "d")  // waits
        let (idle, waiters) = state.close()
        #expect(idle.isEmpty)
        #expect(waiters == ["d"])
        guard case .close = state.returnConnection(10) else {
            Issue.record("after close a returned connection is closed")
            return
        }
        guard case .refuse(.closed) = state.lease(id: 5, waiter: "e") else {
            Issue.record("after close nothing is lent")
            return
        }
        #expect(!state.isDrained)
        #expect(state.releaseSlot() == nil)
        #expect(state.releaseSlot() == nil)
        #expect(state.isDrained)
    }

    @Test func anUrgentLeaseIsServedBeforeEveryNormalOneThatCameEarlier() {
        var state = Self.running(max: 1, maxWaiters: 8)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "sign-in")
        _ = state.lease(id: 3, waiter: "start")
        _ = state.lease(id: 4, waiter: "save", priority: .urgent)
        _ = state.lease(id: 5, waiter: "submit", priority: .urgent)
        #expect(Self.waiter(state.returnConnection(10)) == "save")
        #expect(state.releaseSlot() == "submit", "a freed slot goes to the urgent line first too")
        #expect(Self.waiter(state.returnConnection(10)) == "sign-in")
        #expect(Self.waiter(state.returnConnection(10)) == "start")
        #expect(state.statistics == PostgresPoolStatistics(open: 1, inUse: 1, idle: 0, waiting: 0, totalWaits: 4, urgentWaits: 2))
    }

    @Test func eachLineHasItsCapAndBothShareTheTimeoutsAndCloseTogether() {
        var state = Self.running(max: 1, maxWaiters: 2)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "old")
        _ = state.lease(id: 3, waiter: "start")
        guard case .refuse(.lineFull) = state.lease(id: 4, waiter: "another start") else {
            Issue.record("the normal line holds two")
            return
        }
        // A crowd of starts filling their line turns no answer away.
        guard case .wait = state.lease(id: 5, waiter: "older urgent", priority: .urgent),
            case .wait = state.lease(id: 6, waiter: "new urgent", priority: .urgent)
        else {
            Issue.record("the urgent line has room of its own")
            return
        }
        guard case .refuse(.lineFull) = state.lease(id: 7, waiter: "e", priority: .urgent) else {
            Issue.record("the urgent line holds two too")
            return
        }
        #expect(state.removeWaiter(id: 5) == "older urgent")
        #expect(state.removeOverdueWaiters { $0 != "new urgent" && $0 != "start" } == ["old"])
        #expect(state.close().waiters == ["new urgent", "start"])
    }

    @Test func aLeaseJoinsTheLineOnlyBehindFewerThanItMayWaitFor() {
        var state = Self.running(max: 1, maxWaiters: 10)
        _ = state.lease(id: 1, waiter: "a")
        _ = state.lease(id: 2, waiter: "start", waitsBehind: 2)
        _ = state.lease(id: 3, waiter: "save", priority: .urgent, waitsBehind: 2)
        #expect(state.ahead(of: .normal) == 2 && state.ahead(of: .urgent) == 1)
        guard case .refuse(.lineTooSlow) = state.lease(id: 4, waiter: "late start", waitsBehind: 2) else {
            Issue.record("two wait ahead of a normal lease: the save and the start")
            return
        }
        // The urgent line is served first: only the save is ahead of the next one.
        guard case .wait = state.lease(id: 5, waiter: "save", priority: .urgent, waitsBehind: 2) else {
            Issue.record("one waits ahead of an urgent lease")
            return
        }
        // A free connection is lent whatever the line's pace.
        #expect(Self.waiter(state.returnConnection(10)) == "save")
        var idle = Self.running(max: 1, maxWaiters: 10)
        #expect(Self.isSlot(idle.lease(id: 1, waiter: "a", waitsBehind: 0)))
    }

    @Test func normalLeasesLeaveTheKeptConnectionsFreeForUrgentOnes() {
        var state = State(maxConnections: 4, maxWaiters: 8, keptForUrgent: State.defaultKeptForUrgent(maxConnections: 4))
        _ = state.start()
        #expect(state.keptForUrgent == 1)
        for id in 1...3 { #expect(Self.isSlot(state.lease(id: UInt64(id), waiter: "sign-in \(id)"))) }
        guard case .wait = state.lease(id: 4, waiter: "start") else {
            Issue.record("the fourth connection is kept for an urgent lease")
            return
        }
        #expect(Self.isSlot(state.lease(id: 5, waiter: "save", priority: .urgent)))
        // The save's connection comes back: it is kept free again, not lent to the start.
        guard case .park = state.returnConnection(40) else {
            Issue.record("a normal lease took the kept connection")
            return
        }
        #expect(Self.connection(state.lease(id: 6, waiter: "submit", priority: .urgent)) == 40)
        // A sign-in's connection comes back while the submit holds the kept one: the start
        // waits on, since only one connection would be left free and it is lent.
        guard case .park = state.returnConnection(10) else {
            Issue.record("a normal lease took the last free connection")
            return
        }
        #expect(state.waiting == 1)
        // When the submit's comes back, two would be free: the start gets it.
        #expect(Self.waiter(state.returnConnection(40)) == "start")
        #expect(state.statistics == PostgresPoolStatistics(open: 4, inUse: 3, idle: 1, waiting: 0, totalWaits: 1, urgentWaits: 0))
    }
}
