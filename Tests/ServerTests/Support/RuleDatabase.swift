import ExamPrepPostgres
import ExamPrepTestSupport
import Logging

/// A migrated database of its own with a faculty member's course and a student, for the tests
/// that hold a statement of the server to the exam rule it finds candidates for.
struct RuleDatabase {
    let pool: PostgresPool
    let logger: Logger
    let student: Int
    let course: Int

    static func run(courseCode: String, _ body: (RuleDatabase) async throws -> Void) async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        var logger = Logger(label: "examprep.test.rules")
        logger.logLevel = .critical
        try await PostgresPool(configuration: database, maxConnections: 1, logger: logger).whileRunning { pool in
            let owner: Int = try await pool.query(
                "INSERT INTO users (email, password_hash, role_id) VALUES ('owner@example.org', 'x', 1) RETURNING id", logger: logger
            ).single().decode("id")
            let student: Int = try await pool.query(
                "INSERT INTO users (email, password_hash, role_id) VALUES ('student@example.org', 'x', 2) RETURNING id", logger: logger
            ).single().decode("id")
            let course: Int = try await pool.query(
                "INSERT INTO courses (name, description, course_code, user_id) VALUES ('C', 'D', \(courseCode), \(owner)) RETURNING id",
                logger: logger
            ).single().decode("id")
            try await body(RuleDatabase(pool: pool, logger: logger, student: student, course: course))
        }
    }
}
