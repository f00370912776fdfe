import ExamPrepPostgres
import ExamPrepServerTestSupport
import Foundation
import Logging

@testable import ExamPrepServer

extension TestServer {
    /// Boots the server as `run` does and gives `body` a pool on the server's database too, for
    /// what a test must arrange or look at behind the API (rows from before a migration, dates
    /// no request may send).
    @discardableResult
    static func runWithDatabase<Value: Sendable>(
        configure: (inout AppConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (TestServer, PostgresPool) async throws -> Value
    ) async throws -> Value {
        var configuration = try await LiveServer.configuration()
        configure(&configuration)
        guard case .external(let database) = configuration.database else { throw NotExternal() }
        return try await LiveServer.run(configuration) { client in
            var logger = Logger(label: "examprep.test.sql")
            logger.logLevel = .warning
            return try await PostgresPool(configuration: database, maxConnections: 2, logger: logger).whileRunning { pool in
                try await body(TestServer(client: client), pool)
            }
        }
    }

    struct NotExternal: Error {}
}
