import ExamPrepTestSupport
import Testing

@testable import ExamPrepPostgres

/// The decisions of one connection, without a database (as `PoolStateTests` tests the pool's).
@Suite("Connection state", .hangGuard)
struct ConnectionStateTests {
    @Test func aStatementRunsAndTheConnectionIsLentAgain() {
        var state = ConnectionState()
        let first = state.nextStatement()
        #expect(state.begin(first) == .run(checkAlive: false))
        state.wire(true)
        #expect(!state.isReusable)
        state.wire(false)
        #expect(state.finish(first) == .done)
        #expect(state.isReusable)
    }

    @Test func aStatementThatFoundTheServerUnfitEndsTheConnectionsUse() {
        var state = ConnectionState()
        let first = state.nextStatement()
        _ = state.begin(first)
        state.serverUnfit()
        #expect(state.finish(first) == .done)
        #expect(state.foundServerUnfit)
        #expect(!state.isReusable, "a connection to a server gone read-only or away is not lent again")
        #expect(state.begin(state.nextStatement()) == .unusable)
    }

    @Test func twoStatementsAtOnceAreRefused() {
        var state = ConnectionState()
        let first = state.nextStatement()
        let second = state.nextStatement()
        #expect(state.begin(first) == .run(checkAlive: false))
        #expect(state.begin(second) == .busy)
    }

    @Test func aCancelWhileItRunsIsSentAndTheStatementWaitsForIt() {
        var state = ConnectionState()
        let statement = state.nextStatement()
        _ = state.begin(statement)
        #expect(state.cancel(statement) == .send)
        #expect(state.cancel(statement) == .nothing, "one request per statement")
        #expect(state.finish(statement) == .waitForCancelRequest)
        #expect(!state.isReusable, "nothing else starts while the request is on its way")
        let next = state.nextStatement()
        #expect(state.begin(next) == .busy)
        #expect(state.cancelSent() == .resumeFinisher)
        #expect(state.isReusable)
        #expect(state.begin(next) == .run(checkAlive: false))
    }

    @Test func aRequestThatGoesOutBeforeTheStatementEndsNeedsNoWait() {
        var state = ConnectionState()
        let statement = state.nextStatement()
        _ = state.begin(statement)
        #expect(state.cancel(statement) == .send)
        #expect(state.cancelSent() == .nothing)
        #expect(state.phase == .running(statement))
        #expect(state.finish(statement) == .done)
    }

    @Test func aStatementCancelledBeforeItBeginsNeverBegins() {
        var state = ConnectionState()
        let statement = state.nextStatement()
        #expect(state.cancel(statement) == .nothing)
        #expect(state.begin(statement) == .cancelled)
        #expect(state.isReusable, "nothing ran")
    }

    @Test func aLateCancelNeverReachesTheNextStatement() {
        var state = ConnectionState()
        let first = state.nextStatement()
        _ = state.begin(first)
        #expect(state.finish(first) == .done)
        let second = state.nextStatement()
        #expect(state.begin(second) == .run(checkAlive: false))
        #expect(state.cancel(first) == .nothing)
        #expect(state.phase == .running(second))
    }

    @Test func aBrokenOrTimedOutConnectionIsNeverLentAgain() {
        var state = ConnectionState()
        let statement = state.nextStatement()
        _ = state.begin(statement)
        state.wire(true)
        state.discard()
        #expect(state.cancel(statement) == .send)
        #expect(state.cancelSent() == .nothing)
        #expect(!state.isReusable)
        #expect(state.begin(state.nextStatement()) == .unusable)
    }

    @Test func anAnswerLeftOnTheWireKeepsTheConnectionFromTheNextLease() {
        var state = ConnectionState()
        let statement = state.nextStatement()
        _ = state.begin(statement)
        state.wire(true)
        _ = state.finish(statement)
        #expect(!state.isReusable)
    }

    @Test func aParkedConnectionIsCheckedByItsNextStatementOnce() {
        var state = ConnectionState()
        state.park()
        let first = state.nextStatement()
        #expect(state.begin(first) == .run(checkAlive: true))
        state.checked()
        _ = state.finish(first)
        #expect(state.begin(state.nextStatement()) == .run(checkAlive: false))
    }

    @Test func closingWhileATaskWaitsForItsCancelRequestResumesIt() {
        var state = ConnectionState()
        let statement = state.nextStatement()
        _ = state.begin(statement)
        _ = state.cancel(statement)
        _ = state.finish(statement)
        let waiting = state.close()
        #expect(waiting)
        #expect(state.cancelSent() == .nothing)
        #expect(state.begin(state.nextStatement()) == .unusable)
        var idle = ConnectionState()
        let idleWaiting = idle.close()
        #expect(!idleWaiting)
    }
}
