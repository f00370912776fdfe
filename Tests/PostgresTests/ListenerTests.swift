import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `PostgresListener` waits for notifications on the pool's nonblocking path, and notices a
/// connection that stops answering (a half-open connection once lost notifications silently
/// for up to `SESSION_CACHE_SECONDS`): it pings when nothing arrived, under the statement
/// deadline, and reconnects.
@Suite("Listening for notifications", .hangGuard)
struct ListenerTests {
    /// What the listener reported, in order.
    final class Record: Sendable {
        private let state = Mutex<(listening: [Bool], payloads: [String])>(([], []))
        func listening(_ value: Bool) { state.withLock { $0.listening.append(value) } }
        func received(_ payload: String) { state.withLock { $0.payloads.append(payload) } }
        var listening: [Bool] { state.withLock { $0.listening } }
        var payloads: [String] { state.withLock { $0.payloads } }
    }

    struct TimedOut: Error, CustomStringConvertible {
        var what: String
        var description: String { "timed out waiting until \(what)" }
    }

    /// Waits until `condition` holds, at most `limit`; throws on the deadline.
    static func waitUntil(_ what: String, within limit: Duration = defaultWaitLimit, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while !condition() {
            guard ContinuousClock.now < deadline else { throw TimedOut(what: what) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    @Test func aListenerThatStopsHearingReconnectsAndHearsAgain() async throws {
        var configuration = try await TestPools.makeDatabase()
        configuration.statementTimeout = .seconds(1)
        let pool = PostgresPool(configuration: configuration, maxConnections: 2, logger: TestPools.logger)
        let record = Record()
        let listener = PostgresListener(
            channel: "test_channel", pool: pool, logger: TestPools.logger, pingInterval: .milliseconds(300),
            onListening: record.listening, onNotification: record.received)
        try await pool.whileRunning { pool in
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await listener.run() }
                defer { group.cancelAll() }
                try await Self.waitUntil("it listens") { record.listening == [true] }
                try await pool.execute("NOTIFY test_channel, 'first'", logger: TestPools.logger)
                try await Self.waitUntil("the first notification arrives") { record.payloads == ["first"] }

                // The listening backend stops answering, as a host behind a black hole would. Its
                // database's only: the servers of other tests on the cluster listen too.
                let pid: Int32 = try await pool.query(
                    """
                    SELECT pid FROM pg_stat_activity
                    WHERE application_name = \(PostgresListener.applicationName) AND datname = current_database()
                    """,
                    logger: TestPools.logger
                ).single().decode("pid")
                kill(pid, SIGSTOP)
                defer { kill(pid, SIGCONT) }
                try await Self.waitUntil("it notices") { record.listening.count >= 2 }
                #expect(record.listening.prefix(2) == [true, false])
                try await Self.waitUntil("it listens again") { record.listening.count >= 3 }
                try await pool.execute("NOTIFY test_channel, 'second'", logger: TestPools.logger)
                try await Self.waitUntil("the second notification arrives") { record.payloads.contains("second") }
            }
        }
    }

    @Test func aChannelThatIsNotAPlainNameIsRefused() async throws {
        let pool = PostgresPool(configuration: try await TestPools.makeDatabase(), maxConnections: 1, logger: TestPools.logger)
        let listener = PostgresListener(
            channel: "x; DROP TABLE y", pool: pool, logger: TestPools.logger, onListening: { _ in }, onNotification: { _ in })
        await #expect(throws: PostgresError.self) { try await listener.run() }
    }
}
