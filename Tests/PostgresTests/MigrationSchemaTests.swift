import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Testing

/// The constraints that keep concurrent API requests from corrupting data hold at the database level.
@Suite("Schema constraints", .hangGuard)
struct MigrationSchemaTests {
    private func withMigratedDatabase<R: Sendable>(_ body: (PostgresPool) async throws -> R) async throws -> R {
        try await withPool(try await TestDatabase.makeDatabase(), body)
    }

    private func insertUser(_ pool: PostgresPool, email: String, roleID: Int = 1) async throws -> Int {
        let rows = try await pool.query(
            """
            INSERT INTO users (email, password_hash, role_id) VALUES (\(email), 'hash', \(roleID)::smallint) RETURNING id
            """)
        return try #require(rows.first).decode("id", as: Int.self)
    }

    private func insertCourse(_ pool: PostgresPool, name: String, code: String, owner: Int) async throws -> Int {
        let rows = try await pool.query(
            """
            INSERT INTO courses (name, description, course_code, user_id)
            VALUES (\(name), 'About it', \(code), \(owner)) RETURNING id
            """)
        return try #require(rows.first).decode("id", as: Int.self)
    }

    @Test("roles are seeded: 1 faculty, 2 student, 3 admin")
    func rolesSeeded() async throws {
        try await withMigratedDatabase { pool in
            let rows = try await pool.query("SELECT id::int AS id, name FROM roles ORDER BY id")
            #expect(try rows.map { try $0.decode("id", as: Int.self) } == [1, 2, 3])
            #expect(try rows.map { try $0.decode("name", as: String.self) } == ["faculty", "student", "admin"])
        }
    }

    @Test("an email differing only in case is taken (users_email_lower_key)")
    func emailUniqueIgnoringCase() async throws {
        try await withMigratedDatabase { pool in
            _ = try await insertUser(pool, email: "Ada@Example.com")
            let error = await postgresError { _ = try await insertUser(pool, email: "ada@example.COM") }
            #expect(error?.isUniqueViolation == true)
            #expect(error?.constraint == "users_email_lower_key")
        }
    }

    @Test("a course code must be four upper-case letters", arguments: ["abcd", "ABC", "ABCDE", "AB1D"])
    func courseCodeFormat(code: String) async throws {
        try await withMigratedDatabase { pool in
            let owner = try await insertUser(pool, email: "prof@example.com")
            let error = await postgresError { _ = try await insertCourse(pool, name: "Algebra", code: code, owner: owner) }
            #expect(error?.sqlState == "23514")
            #expect(error?.constraint == "courses_course_code_check")
        }
    }

    @Test("course codes are unique across all courses; names per faculty member, ignoring case")
    func courseUniqueness() async throws {
        try await withMigratedDatabase { pool in
            let first = try await insertUser(pool, email: "one@example.com")
            let second = try await insertUser(pool, email: "two@example.com")
            _ = try await insertCourse(pool, name: "Algebra", code: "ALGE", owner: first)

            let sameCode = await postgresError { _ = try await insertCourse(pool, name: "Geometry", code: "ALGE", owner: second) }
            #expect(sameCode?.isUniqueViolation == true)
            #expect(sameCode?.constraint == "courses_course_code_key")

            let sameName = await postgresError { _ = try await insertCourse(pool, name: "ALGEBRA", code: "ALGF", owner: first) }
            #expect(sameName?.isUniqueViolation == true)
            #expect(sameName?.constraint == "courses_user_name_lower_key")

            // Another faculty member may use the same name.
            _ = try await insertCourse(pool, name: "algebra", code: "ALGG", owner: second)
        }
    }

    @Test("a student cannot enroll twice in one course (enrollments_user_course_key)")
    func duplicateEnrollment() async throws {
        try await withMigratedDatabase { pool in
            let faculty = try await insertUser(pool, email: "prof@example.com", roleID: 1)
            let student = try await insertUser(pool, email: "student@example.com", roleID: 2)
            let course = try await insertCourse(pool, name: "Algebra", code: "ALGE", owner: faculty)
            try await pool.execute("INSERT INTO enrollments (user_id, course_id) VALUES (\(student), \(course))")
            let error = await postgresError {
                try await pool.execute("INSERT INTO enrollments (user_id, course_id) VALUES (\(student), \(course))")
            }
            #expect(error?.isUniqueViolation == true)
            #expect(error?.constraint == "enrollments_user_course_key")
        }
    }

    @Test("deleting a user removes their courses, enrollments, sessions and refresh tokens")
    func cascades() async throws {
        try await withMigratedDatabase { pool in
            let faculty = try await insertUser(pool, email: "prof@example.com", roleID: 1)
            let student = try await insertUser(pool, email: "student@example.com", roleID: 2)
            let course = try await insertCourse(pool, name: "Algebra", code: "ALGE", owner: faculty)
            try await pool.execute("INSERT INTO enrollments (user_id, course_id) VALUES (\(student), \(course))")
            let session = UUID()
            try await pool.execute(
                """
                INSERT INTO sessions (id, user_id, expires_at) VALUES (\(session), \(faculty), now() + interval '1 day')
                """)
            try await pool.execute(
                """
                INSERT INTO refresh_tokens (token_hash, session_id, expires_at)
                VALUES (sha256('opaque'::bytea), \(session), now() + interval '30 days')
                """)
            try await pool.execute("DELETE FROM users WHERE id = \(faculty)")
            let rows = try await pool.query(
                """
                SELECT (SELECT count(*) FROM courses) + (SELECT count(*) FROM enrollments)
                     + (SELECT count(*) FROM sessions) + (SELECT count(*) FROM refresh_tokens) AS remaining
                """)
            #expect(try rows.first?.decode("remaining", as: Int.self) == 0)
        }
    }
}
