import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// What `GET /ready` and the log say about the standby: nothing on a single server; that it is
/// missing when the server was told of one (`DATABASE_READ_URL`) and none follows the primary, as
/// on a one-server volume started with docker-compose.scale.yml; and, loudest, when the
/// primary's commits wait for a standby that is not connected. (With a real standby, streaming
/// and synchronous, `scripts/failover-test` reads `"standby":"sync"` from every replica.)
@Suite("The standby in /ready and the log", .hangGuard)
struct StandbyReportTests {
    static let quiet = quietLogger("examprep.standby-report-tests", level: .error)

    struct Ready: Decodable {
        var status: String
        var standby: String?
    }

    static func ready(_ server: TestServer) async throws -> Ready {
        try await server.get(APIPaths.ready).expect(.ok).decode(Ready.self)
    }

    @Test func aSingleServerSaysNothingOfAStandby() async throws {
        let lines = CapturingLogHandler.Lines()
        let ready = try await TestServer.run(
            configure: { $0.logLevel = .notice }, logger: Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        ) { server in
            try await Self.ready(server)
        }
        #expect(ready.status == "ready" && ready.standby == nil)
        #expect(!lines.all.contains { $0.contains("standby=") })
    }

    @Test func aReadURLWithoutAStandbyIsReportedMissingAtStart() async throws {
        let lines = CapturingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let ready = try await TestServer.run(
            configure: { configuration in
                configuration.logLevel = .notice
                // Reports read from the same server: the configuration of a standby that never came.
                if case .external(let database) = configuration.database { configuration.readDatabase = database }
            }, logger: logger
        ) { server in
            try await Self.ready(server)
        }
        #expect(ready.status == "ready" && ready.standby == "missing")
        #expect(lines.all.contains { $0.hasPrefix("warning no standby follows the primary") && $0.contains("standby=missing") })
    }

    @Test func commitsWaitingForAMissingStandbyAreAnError() async throws {
        let folder = TestDatabase.throwawayClusterFolder("standby-report")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The primary names a standby that never connects; its commits wait for it only once
        // synchronous_commit is `on` (the migrations run before).
        let cluster = EmbeddedPostgres(
            dataDirectory: folder, database: "examprep", applicationRole: nil,
            settings: ["fsync": "off", "synchronous_standby_names": "ghost", "synchronous_commit": "local"],
            logger: Self.quiet)
        let endpoint = try await cluster.start()
        let database = PostgresConfiguration(
            socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database)
        let admin = PostgresPool(configuration: database, maxConnections: 1, logger: Self.quiet)
        let lines = CapturingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let waiting = "error commits wait for a synchronous standby, and none is connected"
        do {
            try await admin.whileRunning { admin in
                try await TestServer.run(
                    configure: {
                        $0.database = .external(database)
                        $0.standbyCheckInterval = .milliseconds(50)
                        $0.logLevel = .notice
                    }, logger: logger
                ) { server in
                    #expect(try await Self.ready(server).standby == "missing")
                    #expect(lines.all.contains { $0.hasPrefix("warning no standby follows the primary") })
                    #expect(!lines.all.contains { $0.hasPrefix(waiting) })

                    try await Self.configure(admin, "ALTER SYSTEM SET synchronous_commit = on")
                    try await eventually("the watch to log that commits wait") { lines.all.contains { $0.hasPrefix(waiting) } }
                    #expect(lines.all.contains { $0.hasPrefix(waiting) && $0.contains("synchronous_standby_names=ghost") })
                    let ready = try await Self.ready(server)
                    #expect(ready.status == "ready" && ready.standby == "missing", "a missing standby does not take the replica out")
                    try await Self.configure(admin, "ALTER SYSTEM SET synchronous_commit = local")
                }
            }
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }

    /// ALTER SYSTEM, then a reload (not in a transaction: ALTER SYSTEM refuses one).
    static func configure(_ admin: PostgresPool, _ statement: String) async throws {
        try await admin.withConnection { connection in
            try await connection.executeScript(statement, logger: quiet)
            try await connection.executeScript("SELECT pg_reload_conf()", logger: quiet)
        }
    }
}
