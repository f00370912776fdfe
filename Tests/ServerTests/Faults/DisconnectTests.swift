import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// A request whose client has gone away stops its work: a login still waiting for a hashing
/// thread is never hashed, and its attempt is not held against the account.
@Suite("Faults: requests whose client went away", .hangGuard)
struct DisconnectTests {
    static func metric(_ server: TestServer, _ prefix: String) async throws -> Int {
        let text = try await server.get(APIPaths.metrics).text
        let line = text.split(separator: "\n").first { $0.hasPrefix(prefix) }
        return Int(Double(line?.split(separator: " ").last ?? "0") ?? 0)
    }

    static func loginRequest(_ email: String) throws -> String {
        let body = String(
            decoding: try ExamPrepJSON.makeEncoder().encode(LoginRequest(email: email, password: "correct horse battery")), as: UTF8.self)
        return
            "POST \(APIPaths.login) HTTP/1.1\r\nHost: example\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }

    @Test func aLoginWhoseClientLeftWhileItWaitedIsNotHashed() async throws {
        let database = try await TestDatabase.makeDatabase()
        let hold = HashingHold()
        try await TestServer.run(configure: {
            $0.database = .external(database)
            $0.hashingHold = hold
            $0.hashThreads = 1
        }) { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            let completed = #"examprep_password_hashing_jobs{outcome="completed"}"#
            let cancelled = #"examprep_password_hashing_jobs{outcome="cancelled"}"#
            let before = try await Self.metric(server, completed)

            try await hold.whileOccupying {
                // The test holds the only hashing thread; a login waits behind it, and its
                // client leaves.
                let login = try RawConnection(port: server.port)
                try login.send(try Self.loginRequest(email))
                try await eventually("the login in line") {
                    try await Self.metric(server, "examprep_password_hashing_queue_depth") == 2
                }
                login.hangUp()
                try await eventually("the login cancelled") { try await Self.metric(server, cancelled) == 1 }
            }
            #expect(try await Self.metric(server, completed) - before == 1, "only the test's hold ran: the login was never hashed")

            // The attempt is not held against the account: it is given back as the cancelled
            // request unwinds (allow it a moment).
            try await PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test")).whileRunning { pool in
                try await eventually("no attempt counted against the account") {
                    try await pool.query(
                        "SELECT coalesce(sum(count), 0)::int8 AS n FROM rate_limits WHERE key = \("login.account:" + email)"
                    ).single().decode("n", as: Int.self) == 0
                }
            }
        }
    }
}
