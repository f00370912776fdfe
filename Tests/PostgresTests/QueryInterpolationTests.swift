import ExamPrepPostgres
import ExamPrepTestSupport
import Testing

@Suite("Query building", .hangGuard)
struct QueryInterpolationTests {
    @Test("interpolated values become numbered parameters, never SQL text")
    func valuesBecomeParameters() {
        let email = "x'; DROP TABLE users; --"
        let limit = 10
        let query: PostgresQuery = "SELECT id FROM users WHERE email = \(email) LIMIT \(limit)"
        #expect(query.sql == "SELECT id FROM users WHERE email = $1 LIMIT $2")
        #expect(query.binds.count == 2)
        #expect(query.binds[0].bytes == Array(email.utf8))
        #expect(query.binds[1].bytes == Array("10".utf8))
        #expect(query.binds[1].typeOID == 20)
    }

    @Test("unescaped: splices raw SQL, values around it are still parameters")
    func unescapedSplicesRawSQL() {
        let table = "courses"
        let order = "ORDER BY name"
        let query: PostgresQuery = "SELECT * FROM \(unescaped: table) WHERE id = \(7) \(unescaped: order)"
        #expect(query.sql == "SELECT * FROM courses WHERE id = $1 ORDER BY name")
        #expect(query.binds.count == 1)
    }

    @Test("nil optionals bind NULL with the wrapped type")
    func nilBindsNull() {
        let missing: Int? = nil
        let query: PostgresQuery = "SELECT \(missing)"
        #expect(query.binds[0].bytes == nil)
        #expect(query.binds[0].typeOID == 20)
    }

    @Test("bytes go in binary format")
    func bytesAreBinary() {
        let query: PostgresQuery = "SELECT \([UInt8]([0, 1, 255]))"
        #expect(query.binds[0].isBinary)
        #expect(query.binds[0].bytes == [0, 1, 255])
    }
}

@Suite("Configuration", .hangGuard)
struct ConfigurationTests {
    @Test("a URL that is not postgres:// is refused")
    func rejectsOtherSchemes() {
        #expect {
            _ = try PostgresConfiguration(url: "mysql://user:secret@localhost/db")
        } throws: { error in
            let error = error as? PostgresError
            return error?.kind == .invalidConfiguration && error?.message.contains("secret") == false
        }
    }

    @Test("libpq's own URL check is applied")
    func rejectsBadURL() {
        #expect {
            _ = try PostgresConfiguration(url: "postgresql://localhost/db?no_such_option=1")
        } throws: { error in
            (error as? PostgresError)?.kind == .invalidConfiguration
        }
    }

    @Test("a good URL is accepted, and withDatabase points at another database")
    func acceptsURL() throws {
        let configuration = try PostgresConfiguration(url: "postgres://app:p%40ss@db.example:6543/examprep?sslmode=disable")
        #expect(configuration.applicationName == "examprep")
        let other = configuration.withDatabase("other")
        #expect(other.parameters.first?.value.hasPrefix("postgres://") == true)
        #expect(other.parameters.last?.key == "dbname")
        #expect(other.parameters.last?.value == "other")
    }

    @Test("printing a configuration never shows the password")
    func descriptionHidesPassword() throws {
        let url = try PostgresConfiguration(url: "postgresql://app:s3cret@db.example/examprep?password=s3cret")
        #expect(!"\(url)".contains("s3cret"))
        #expect("\(url)".contains("db.example"))
    }

    @Test("an unreachable server fails with connectionFailed, which counts as unavailable")
    func unreachableServer() async throws {
        let configuration = PostgresConfiguration(
            socketDirectory: "/nonexistent-examprep-socket-dir", user: "nobody", database: "nothing"
        )
        let pool = PostgresPool(configuration: configuration, maxConnections: 1, logger: TestPools.logger)
        try await pool.whileRunning { pool in
            await #expect {
                try await pool.query("SELECT 1")
            } throws: { error in
                guard let error = error as? PostgresError else { return false }
                return error.kind == .connectionFailed && error.isUnavailable && !error.message.isEmpty
            }
            #expect(pool.statistics.open == 0)
        }
    }
}
