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
@Suite("Faults: requests whose client went away", .timeLimit(.minutes(4)))
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
        try await TestServer.run(configure: {
            $0.database = .external(database)
            // About half a second a hash (far more on a loaded machine): a long wait for the
            // second login, and still well inside the test client's 20 s for each request.
            try? $0.setHashScheme("yescrypt", cost: 9)
            $0.hashThreads = 1
        }) { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            let completed = #"examprep_password_hashing_jobs{outcome="completed"}"#
            let cancelled = #"examprep_password_hashing_jobs{outcome="cancelled"}"#
            let before = try await Self.metric(server, completed)

            // The first login takes the only hashing thread...
            let first = try RawConnection(port: server.port)
            try first.send(try Self.loginRequest(email))
            try await eventually("the first login on the hashing thread") {
                try await Self.metric(server, "examprep_password_hashing_queue_depth") == 1
            }
            // ...the second waits behind it, and its client leaves.
            let second = try RawConnection(port: server.port)
            try second.send(try Self.loginRequest(email))
            try await eventually("the second login in line") {
                try await Self.metric(server, "examprep_password_hashing_queue_depth") == 2
            }
            second.hangUp()

            try await eventually("the second login cancelled") { try await Self.metric(server, cancelled) == 1 }
            #expect(try await first.readHead().hasPrefix("HTTP/1.1 200"))
            #expect(try await Self.metric(server, completed) - before == 1, "only the first login was hashed")

            // Neither attempt is held against the account: the first succeeded, the second was
            // given back although its request had been cancelled.
            // (The second is given back as its cancellation unwinds: allow it a moment.)
            try await PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test")).whileRunning { pool in
                try await eventually("no attempt counted against the account", within: .seconds(10)) {
                    try await pool.query(
                        "SELECT coalesce(sum(count), 0)::int8 AS n FROM rate_limits WHERE key = \("login.account:" + email)"
                    ).single().decode("n", as: Int.self) == 0
                }
            }
        }
    }
}
