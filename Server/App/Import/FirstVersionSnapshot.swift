import ExamPrepPostgres
import Foundation
import Logging

/// The rows of the first version's database (Express + Sequelize: quoted camelCase tables
/// `"Users"`, `"Roles"`, `"Courses"`, `"Enrollments"`), read as they are. Nothing the first
/// version's schema left nullable is assumed to be set.
struct FirstVersionSnapshot: Sendable {
    struct User: Sendable {
        var id: Int
        var email: String?
        var password: String?
        var roleID: Int?
        var createdAt: Date?
        var updatedAt: Date?
    }

    struct Course: Sendable {
        var id: Int
        var name: String?
        var description: String?
        var userID: Int?
        var courseCode: String?
        var createdAt: Date?
    }

    struct Enrollment: Sendable {
        var id: Int
        var studentID: Int?
        var courseID: Int?
        var enrollmentDate: Date?
        var createdAt: Date?
    }

    /// Role names by id, as written (the first version spelled them in any case).
    var roles: [Int: String]
    var users: [User]
    var courses: [Course]
    var enrollments: [Enrollment]
    /// Whether `"Enrollments"` has an `"enrollmentDate"` column (later versions of the
    /// first server added it; before, `"createdAt"` was the enrollment date).
    var hasEnrollmentDates: Bool
}

/// The first version's database lacks a table or column the import needs.
public struct FirstVersionSchemaError: Error, CustomStringConvertible, Sendable {
    public var missing: [String]
    public var description: String {
        "the source does not look like the first version's database: missing \(missing.joined(separator: ", "))"
    }
}

extension FirstVersionSnapshot {
    /// The columns the import reads; the optional ones are read when present.
    private static let required: [(table: String, columns: [String])] = [
        ("Roles", ["id", "name"]),
        ("Users", ["id", "email", "password", "roleId"]),
        ("Courses", ["id", "name", "description", "userId", "courseCode"]),
        ("Enrollments", ["id", "studentId", "courseId"]),
    ]

    /// Reads every row in one read-only, repeatable-read transaction, so the tables agree
    /// with each other even while the first version's server still writes.
    static func read(from pool: PostgresPool, logger: Logger) async throws -> FirstVersionSnapshot {
        try await pool.withTransaction(logger: logger) { connection in
            try await connection.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY", logger: logger)
            var columns: [String: Set<String>] = [:]
            for (table, _) in required {
                // to_regclass follows the search_path, as the first version's queries did.
                let rows = try await connection.query(
                    """
                    SELECT attname::text AS name FROM pg_attribute
                    WHERE attrelid = to_regclass(\("\"" + table + "\"")) AND attnum > 0 AND NOT attisdropped
                    """, logger: logger)
                columns[table] = Set(try rows.map { try $0.decode("name", as: String.self) })
            }
            var missing: [String] = []
            for (table, needed) in required {
                guard let present = columns[table], !present.isEmpty else {
                    missing.append("table \"\(table)\"")
                    continue
                }
                missing += needed.filter { !present.contains($0) }.map { "\"\(table)\".\"\($0)\"" }
            }
            guard missing.isEmpty else { throw FirstVersionSchemaError(missing: missing) }

            func timestamp(_ table: String, _ column: String) -> String {
                guard columns[table]?.contains(column) == true else { return "NULL::timestamptz" }
                return "CASE WHEN isfinite(\"\(column)\") THEN \"\(column)\"::timestamptz END"
            }
            let hasEnrollmentDates = columns["Enrollments"]?.contains("enrollmentDate") == true

            let roleRows = try await connection.query(#"SELECT id::bigint AS id, name::text AS name FROM "Roles""#, logger: logger)
            var roles: [Int: String] = [:]
            for row in roleRows {
                let id: Int = try row.decode("id")
                if let name = try row.decode("name", as: String?.self) { roles[id] = name }
            }

            let users = try await connection.query(
                """
                SELECT id::bigint AS id, email::text AS email, password::text AS password, "roleId"::bigint AS role_id,
                       \(unescaped: timestamp("Users", "createdAt")) AS created_at,
                       \(unescaped: timestamp("Users", "updatedAt")) AS updated_at
                FROM "Users" ORDER BY id
                """, logger: logger
            ).map { row in
                User(
                    id: try row.decode("id"), email: try row.decode("email"), password: try row.decode("password"),
                    roleID: try row.decode("role_id"), createdAt: try row.decode("created_at"), updatedAt: try row.decode("updated_at"))
            }

            let courses = try await connection.query(
                """
                SELECT id::bigint AS id, name::text AS name, description::text AS description, "userId"::bigint AS user_id,
                       "courseCode"::text AS course_code, \(unescaped: timestamp("Courses", "createdAt")) AS created_at
                FROM "Courses" ORDER BY id
                """, logger: logger
            ).map { row in
                Course(
                    id: try row.decode("id"), name: try row.decode("name"), description: try row.decode("description"),
                    userID: try row.decode("user_id"), courseCode: try row.decode("course_code"), createdAt: try row.decode("created_at"))
            }

            let enrollments = try await connection.query(
                """
                SELECT id::bigint AS id, "studentId"::bigint AS student_id, "courseId"::bigint AS course_id,
                       \(unescaped: timestamp("Enrollments", "enrollmentDate")) AS enrollment_date,
                       \(unescaped: timestamp("Enrollments", "createdAt")) AS created_at
                FROM "Enrollments" ORDER BY id
                """, logger: logger
            ).map { row in
                Enrollment(
                    id: try row.decode("id"), studentID: try row.decode("student_id"), courseID: try row.decode("course_id"),
                    enrollmentDate: try row.decode("enrollment_date"), createdAt: try row.decode("created_at"))
            }
            return FirstVersionSnapshot(
                roles: roles, users: users, courses: courses, enrollments: enrollments, hasEnrollmentDates: hasEnrollmentDates)
        }
    }
}
