import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// A mailed reset link asked for an address with an account and for one without costs the same
/// work: before, an existing account's request committed two writes (the counting, then the
/// link) and an unknown one a single write, and the second commit's flush made known addresses
/// measurably slower (12 against 6 ms). Counted here in transaction ids, which only a write
/// takes, on a cluster of the test's own (no other test's writes between the readings).
@Suite("Reset requests' work", .hangGuard)
struct ResetRequestWorkTests {
    static let logger = quietLogger("examprep.reset-work-tests", level: .error)

    @Test func aRequestForAnAccountAndOneForNobodyWriteOnceEach() async throws {
        let folder = TestDatabase.throwawayClusterFolder("reset-work")
        defer { try? FileManager.default.removeItem(at: folder) }
        // No autovacuum: its analyses would take transaction ids between the readings.
        let cluster = EmbeddedPostgres(
            dataDirectory: folder, database: "examprep", applicationRole: nil, settings: ["fsync": "off", "autovacuum": "off"],
            logger: Self.logger)
        let endpoint = try await cluster.start()
        do {
            try await Self.count(
                PostgresConfiguration(
                    socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database))
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }

    static func count(_ database: PostgresConfiguration) async throws {
        var configuration = try await LiveServer.configuration()
        configuration.database = .external(database)
        // Nothing of the server's own writes between the readings: a test clock (no reading of
        // the database's), no session listener, a sweep that finds nothing.
        configuration.clock = TestClock().serverClock
        configuration.sessionCacheSeconds = 0
        // 20 requests from one address: the per-address limit is not what this counts.
        configuration.limits.passwordResetsPerAddress = RateLimit(maxAttempts: 1_000, windowSeconds: 3600)
        try await LiveServer.run(configuration) { client in
            let server = TestServer(client: client)
            let known = (0..<10).map { _ in uniqueEmail("known") }
            for email in known { try await server.register(email, role: .student).expect(.created) }
            try await PostgresPool(configuration: database, maxConnections: 1, logger: logger).whileRunning { pool in
                let nextID = {
                    try await pool.query("SELECT txid_snapshot_xmax(txid_current_snapshot())::text AS next").single()
                        .decode("next", as: String.self)
                }
                let ask = { (email: String) in
                    _ = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok)
                }
                let start = Int(try await nextID()) ?? 0
                for _ in 0..<10 { try await ask(uniqueEmail("nobody")) }
                let middle = Int(try await nextID()) ?? 0
                for email in known { try await ask(email) }
                let end = Int(try await nextID()) ?? 0
                let (forNobody, forAccounts) = (middle - start, end - middle)
                #expect(forNobody >= 10, "each request writes (its counting)")
                #expect(abs(forAccounts - forNobody) <= 1, "writes for 10 accounts: \(forAccounts), for 10 unknown addresses: \(forNobody)")
            }
        }
    }
}
