import ExamPrepPostgres
import ExamPrepRules
import ExamPrepServerTestSupport
import ExamPrepShared
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
        let patience = LiveServer.patience(for: configuration)
        return try await LiveServer.run(configuration) { client in
            var logger = Logger(label: "examprep.test.sql")
            logger.logLevel = .warning
            return try await PostgresPool(configuration: database, maxConnections: 2, logger: logger).whileRunning { pool in
                try await body(TestServer(client: client, patience: patience), pool)
            }
        }
    }

    struct NotExternal: Error {}

    /// The test password ("correct horse battery") as a test server hashes it (yescrypt at
    /// cost 1, libxcrypt's `$y$j75$`), for accounts made behind the API.
    static let passwordHash = "$y$j75$/sAnvENTtL.sScCbxmAxl.$o1TEsu1szokhqy7PTNRantXJHpkBDX.4FKhOEhhZAU6"
}

extension PostgresPool {
    /// Makes an account of `role` for each of `emails` in one statement, with the test password:
    /// for tests that need many accounts and are about something else (no hashing per account).
    func makeAccounts(_ emails: [String], role: Role = .student) async throws {
        try await execute(
            """
            INSERT INTO users (email, email_key, password_hash, role_id)
            SELECT email, email_key, \(TestServer.passwordHash), \(role.rawValue)
            FROM unnest(\(PostgresArray(emails)), \(PostgresArray(emails.map(EmailAddress.key)))) AS made(email, email_key)
            """)
    }
}
