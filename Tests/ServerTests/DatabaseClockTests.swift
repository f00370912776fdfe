import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

@testable import ExamPrepServer

/// Deadlines were read from each replica's own clock: two replicas whose clocks differ by a
/// minute gave one student two different deadlines. Every replica now judges time by the
/// database's clock (the local one plus a measured offset).
@Suite("The database's clock", .hangGuard)
struct DatabaseClockTests {
    @Test func theOffsetIsReadHalfwayThroughTheRoundTrip() {
        let sent = Date(timeIntervalSince1970: 1_000_000)
        // The database's clock is an hour ahead; the round trip took 200 ms.
        let offset = DatabaseClock.offset(
            sent: sent, databaseNow: sent.addingTimeInterval(3600.1), received: sent.addingTimeInterval(0.2))
        #expect(abs(offset - 3600) < 0.000_1)
        let behind = DatabaseClock.offset(
            sent: sent, databaseNow: sent.addingTimeInterval(-59.9), received: sent.addingTimeInterval(0.2))
        #expect(abs(behind + 60) < 0.000_1)
    }

    @Test func theServersClockIsTheDatabases() async throws {
        let configuration = try await LiveServer.configuration()
        guard case .external(let database) = configuration.database else { return }
        var logger = Logger(label: "examprep.test.clock")
        logger.logLevel = .critical
        let pool = PostgresPool(configuration: database, maxConnections: 1, logger: logger)
        try await pool.whileRunning { pool in
            let clock = DatabaseClock(pool: pool, logger: logger)
            // The offset is measured halfway through a round trip: it is off by at most half of
            // it, and the round trip took at most as long as the whole synchronization.
            let synchronizing = Date()
            try await clock.synchronize()
            let error = Date().timeIntervalSince(synchronizing)
            // The database's moment lies between the server clock's readings around the query.
            let before = clock.serverClock.now()
            let databaseNow: Date = try await pool.query("SELECT clock_timestamp() AS now", logger: logger).single().decode("now")
            let after = clock.serverClock.now()
            let margin = error + 0.001
            #expect(
                before.addingTimeInterval(-margin) <= databaseNow && databaseNow <= after.addingTimeInterval(margin),
                "the database's \(databaseNow) against the server clock's \(before)...\(after) (± \(margin) s)")
            #expect(ServerClock.system.followsDatabase && !clock.serverClock.followsDatabase)
        }
    }
}
