import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// The database goes away under a running server and comes back.
@Suite("PostgreSQL outages", .hangGuard)
struct OutageTests {
    @Test func theServerAnswers503WhileTheDatabaseIsDownAndRecoversUnaided() async throws {
        let folder = URL(fileURLWithPath: "/tmp/examprep-outage-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cluster = EmbeddedPostgres(dataDirectory: folder, port: 5433, logger: Logger(label: "outage"))
        let endpoint = try await cluster.start()
        do {
            try await TestServer.run(configure: {
                $0.database = .external(
                    PostgresConfiguration(
                        socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user,
                        database: endpoint.database))
                $0.databasePoolTimeout = .seconds(1)
            }) { server in
                let login = try await server.signUp(uniqueEmail(), role: .faculty)
                try await server.get(APIPaths.ready).expect(.ok)

                try await cluster.stop()
                let ready = try await server.get(APIPaths.ready)
                #expect(ready.status == .serviceUnavailable)
                #expect(ready.headers[.retryAfter] != nil)
                let courses = try await server.get(APIPaths.facultyCourses, token: login.token)
                #expect(courses.status == .serviceUnavailable)
                #expect(courses.error?.error == .unavailable)

                _ = try await cluster.start()
                try await server.get(APIPaths.ready).expect(.ok)
                try await server.get(APIPaths.facultyCourses, token: login.token).expect(.ok)
            }
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }
}
