import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A statement once waited for PostgreSQL for as long as the kernel kept the connection: a
/// black-holed database held every lease (and its request) for about fifteen minutes. Past
/// `DATABASE_STATEMENT_TIMEOUT` the statement is cancelled, its connection discarded and the
/// request answered 503.
@Suite("Faults: a database that stops answering", .hangGuard)
struct StatementDeadlineTests {
    static let logger = quietLogger("examprep.test.deadline", level: .critical)

    /// The backends serving the server's own connections to `database`.
    static func serverBackends(_ admin: PostgresPool) async throws -> [Int32] {
        try await admin.query(
            """
            SELECT pid FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            """, logger: logger
        ).map { try $0.decode("pid") }
    }

    @Test func aStoppedDatabaseCostsARequestItsDeadlineNotAHang() async throws {
        var configuration = try await LiveServer.configuration()
        configuration.databaseStatementTimeout = .seconds(2)
        configuration.databasePoolSize = 1  // one connection, the one stopped: with two, the request could open a second and get 200
        guard case .external(let database) = configuration.database else { return }
        let admin = PostgresPool(configuration: database, maxConnections: 1, logger: Self.logger)
        try await admin.whileRunning { admin in
            try await LiveServer.run(configuration) { client in
                let server = TestServer(client: client)
                let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
                try await eventually("the server's connections to answer", every: .milliseconds(200)) {
                    try await server.get(APIPaths.facultyCourses, token: faculty.token).status == .ok
                }

                // Every backend the server talks to stops, as a host behind a black hole
                // would: nothing it was sent is ever answered.
                let backends = try await Self.serverBackends(admin)
                #expect(!backends.isEmpty)
                for pid in backends { kill(pid, SIGSTOP) }
                let reply: TestReply
                do {
                    reply = try await server.get(APIPaths.facultyCourses, token: faculty.token)
                } catch {
                    for pid in backends { kill(pid, SIGCONT) }
                    throw error
                }
                for pid in backends { kill(pid, SIGCONT) }
                #expect(reply.status == .serviceUnavailable, "\(reply.text)")
                #expect(reply.error?.error == .unavailable)
                #expect(reply.headers[.retryAfter] != nil)

                // The stalled connection was discarded; the server carries on. (Asked until it
                // answers 200: on a machine loaded by the whole suite, a new connection and its
                // first statement can take longer than this test's short deadline.)
                try await eventually("the server to answer again", every: .milliseconds(200)) {
                    try await server.get(APIPaths.facultyCourses, token: faculty.token).status == .ok
                }
            }
        }
    }

    /// A statement that waits on a lock past its deadline is cancelled on the server too:
    /// the lock holder does not find a statement of ours still queued behind it.
    @Test func aStatementPastItsDeadlineIsCancelledOnTheServer() async throws {
        var configuration = try await LiveServer.configuration()
        configuration.databaseStatementTimeout = .seconds(1)
        guard case .external(let database) = configuration.database else { return }
        let admin = PostgresPool(configuration: database, maxConnections: 2, logger: Self.logger)
        try await admin.whileRunning { admin in
            try await LiveServer.run(configuration) { client in
                let server = TestServer(client: client)
                let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
                try await admin.withTransaction(logger: Self.logger) { connection in
                    // Creating a course locks its faculty member's row first.
                    _ = try await connection.query("SELECT id FROM users FOR UPDATE", logger: Self.logger)
                    let reply = try await server.post(
                        APIPaths.facultyCourses, json: CreateCourseRequest(name: "Waits", description: "Behind a lock"),
                        token: faculty.token)
                    #expect(reply.status == .serviceUnavailable, "\(reply.text)")
                    // Cancelled on the server: no statement of ours stays in line for the lock.
                    try await eventually("the server's statement to leave the lock's line") {
                        try await admin.query(
                            "SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
                            logger: Self.logger
                        ).single().decode("n", as: Int.self) == 0
                    }
                }
                try await server.post(
                    APIPaths.facultyCourses, json: CreateCourseRequest(name: "Waits", description: "Not any more"), token: faculty.token
                ).expect(.created)
            }
        }
    }
}
