import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// What the target database (this server's) already holds, read inside the import's
/// transaction after its tables are locked: rows of an earlier import, or of people who
/// used the new server already.
struct ImportTarget: Sendable {
    struct User: Sendable {
        var id: Int
        var email: String
        /// NULL for an account whose key another one holds (see migration 005).
        var emailKey: String?
        /// `lower(email)`, as the database computes it for `users_email_lower_key`.
        var emailLower: String
        var role: Role?
        var origin: Origin
    }

    /// How an account came to be (`users.origin`, migration 013).
    enum Origin: String, Sendable {
        /// By `POST /api/register` on this server.
        case registered
        /// By an import of the first version.
        case imported
        /// Before origins were recorded: an earlier import or a registration.
        case unknown
    }

    struct Course: Sendable {
        var id: Int
        var userID: Int
        var name: String
        /// `lower(name)`, as the database computes it for `courses_user_name_lower_key`.
        var nameKey: String
        var courseCode: String
    }

    struct Enrollment: Sendable {
        var id: Int
        var userID: Int
        var courseID: Int
    }

    var users: [Int: User]
    var courses: [Int: Course]
    var enrollments: [Int: Enrollment]

    /// Locks the three tables against other writers until the transaction ends (a server
    /// running on this database keeps answering reads; its writes wait), then reads them.
    static func lockAndRead(_ connection: PostgresConnection, logger: Logger) async throws -> ImportTarget {
        try await connection.execute("LOCK TABLE users, courses, enrollments IN SHARE ROW EXCLUSIVE MODE", logger: logger)
        var users: [Int: User] = [:]
        for row in try await connection.query(
            "SELECT id, email, email_key, lower(email) AS email_lower, role_id::bigint AS role_id, origin FROM users", logger: logger)
        {
            let id: Int = try row.decode("id")
            users[id] = User(
                id: id, email: try row.decode("email"), emailKey: try row.decode("email_key"),
                emailLower: try row.decode("email_lower"), role: Role(rawValue: try row.decode("role_id")),
                origin: Origin(rawValue: try row.decode("origin")) ?? .unknown)
        }
        var courses: [Int: Course] = [:]
        for row in try await connection.query(
            "SELECT id, user_id, name, lower(name) AS name_key, course_code FROM courses", logger: logger)
        {
            let id: Int = try row.decode("id")
            courses[id] = Course(
                id: id, userID: try row.decode("user_id"), name: try row.decode("name"), nameKey: try row.decode("name_key"),
                courseCode: try row.decode("course_code"))
        }
        var enrollments: [Int: Enrollment] = [:]
        for row in try await connection.query("SELECT id, user_id, course_id FROM enrollments", logger: logger) {
            let id: Int = try row.decode("id")
            enrollments[id] = Enrollment(id: id, userID: try row.decode("user_id"), courseID: try row.decode("course_id"))
        }
        return ImportTarget(users: users, courses: courses, enrollments: enrollments)
    }

    /// `lower(value)` of each value, computed by the target database itself, so that the
    /// import's idea of "the same name in another case" is exactly its unique indexes'.
    static func lowered(_ values: Set<String>, _ connection: PostgresConnection, logger: Logger) async throws -> [String: String] {
        guard !values.isEmpty else { return [:] }
        let rows = try await connection.query(
            "SELECT value, lower(value) AS lowered FROM unnest(\(PostgresArray(Array(values)))::text[]) AS t(value)", logger: logger)
        var lowered: [String: String] = [:]
        for row in rows {
            let value: String = try row.decode("value")
            lowered[value] = try row.decode("lowered")
        }
        return lowered
    }
}

/// Writes the planned rows with their first-version ids (identity columns are
/// `GENERATED ALWAYS`, hence `OVERRIDING SYSTEM VALUE`).
struct ImportWriter {
    let connection: PostgresConnection
    let logger: Logger

    func insert(_ user: UserPlan.NewUser) async throws {
        try await connection.execute(
            """
            INSERT INTO users (id, email, email_key, password_hash, role_id, origin, created_at, updated_at)
            OVERRIDING SYSTEM VALUE
            VALUES (\(user.id), \(user.email), \(user.emailKey), \(user.passwordHash), \(user.role.rawValue), 'imported',
                    coalesce(\(user.createdAt), now()), coalesce(\(user.updatedAt), \(user.createdAt), now()))
            """, logger: logger)
    }

    func insert(_ course: CoursePlan.NewCourse) async throws {
        try await connection.execute(
            """
            INSERT INTO courses (id, name, description, course_code, user_id, created_at)
            OVERRIDING SYSTEM VALUE
            VALUES (\(course.id), \(course.name), \(course.description), \(course.courseCode), \(course.userID),
                    coalesce(\(course.createdAt), now()))
            """, logger: logger)
    }

    func insert(_ enrollment: EnrollmentPlan.NewEnrollment) async throws {
        try await connection.execute(
            """
            INSERT INTO enrollments (id, user_id, course_id, enrollment_date)
            OVERRIDING SYSTEM VALUE
            VALUES (\(enrollment.id), \(enrollment.userID), \(enrollment.courseID), coalesce(\(enrollment.enrollmentDate), now()))
            """, logger: logger)
    }

    /// Reserves every code the first version's courses have (upper-cased, four letters), for
    /// the course that has it there, so that no course created or re-coded on this server
    /// can take one between two runs of the import. A code reserved already stays as it is.
    func reserve(codes: [(code: String, courseID: Int)]) async throws {
        guard !codes.isEmpty else { return }
        try await connection.execute(
            """
            INSERT INTO reserved_course_codes (course_code, first_version_course_id)
            SELECT DISTINCT ON (code) code, course_id
            FROM unnest(\(PostgresArray(codes.map(\.code))), \(PostgresArray(codes.map(\.courseID)))) AS c(code, course_id)
            ORDER BY code, course_id
            ON CONFLICT (course_code) DO NOTHING
            """, logger: logger)
    }

    /// The tables whose identity sequences the import moves.
    enum Table: String, CaseIterable {
        case users, courses, enrollments
    }

    /// The last id `table`'s sequence will have handed out once it is past every row of the
    /// table and every first-version id `atLeast` (so that a record left out now and imported
    /// by a later run still finds its id free). With `move` false (a dry run) the sequence
    /// is left alone: `setval` is not undone by a rollback.
    func continueIDs(of table: Table, atLeast firstVersionMax: Int, move: Bool) async throws -> Int {
        let row = try await connection.query(
            """
            SELECT greatest(\(firstVersionMax), coalesce(pg_sequence_last_value(seq), 0),
                            (SELECT coalesce(max(id), 0) FROM \(unescaped: table.rawValue))) AS last
            FROM (SELECT pg_get_serial_sequence(\(table.rawValue), 'id')::regclass AS seq) AS s
            """, logger: logger
        ).single()
        let last: Int = try row.decode("last")
        if move, last > 0 {
            _ = try await connection.query(
                "SELECT setval(pg_get_serial_sequence(\(table.rawValue), 'id'), \(last)) AS last", logger: logger)
        }
        return last
    }
}
