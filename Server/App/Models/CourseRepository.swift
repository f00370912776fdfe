import HTTPTypes
import ExamPrepPostgres
import ExamPrepShared

/// Reads and writes `courses`.
struct CourseRepository: Sendable {
    let pool: PostgresPool

    enum CreateOutcome: Sendable {
        case created(Course)
        /// Another course already holds the code: pick another and try again.
        case codeTaken
    }

    /// Inserts a course; the same faculty member's course of the same name (in any case) is a 409.
    func create(facultyID: Int, name: String, description: String, code: String) async throws -> CreateOutcome {
        do {
            let rows = try await pool.query(
                """
                INSERT INTO courses (name, description, course_code, user_id)
                VALUES (\(name), \(description), \(code), \(facultyID))
                RETURNING id, name, description, course_code, user_id, 0::bigint AS enrollment_count
                """)
            return .created(try Self.course(rows[0]))
        } catch let error as PostgresError where error.isUniqueViolation {
            if error.constraint == "courses_course_code_key" { return .codeTaken }
            throw APIError(.conflict, .conflict, "You already have a course named \"\(name)\".")
        }
    }

    /// A faculty member's courses with their enrollment counts, in one query.
    func courses(ofFaculty facultyID: Int) async throws -> [Course] {
        let rows = try await pool.query(
            """
            SELECT c.id, c.name, c.description, c.course_code, c.user_id, count(e.id) AS enrollment_count
            FROM courses c LEFT JOIN enrollments e ON e.course_id = c.id
            WHERE c.user_id = \(facultyID)
            GROUP BY c.id
            ORDER BY c.id
            """)
        return try rows.map(Self.course)
    }

    /// The public catalogue (never the codes), optionally of one faculty member.
    func catalogue(facultyID: Int? = nil) async throws -> [CatalogueCourse] {
        let rows = try await pool.query(
            """
            SELECT id, name, description, user_id FROM courses
            WHERE \(facultyID) IS NULL OR user_id = \(facultyID)
            ORDER BY id
            """)
        return try rows.map { row in
            CatalogueCourse(
                id: try row.decode("id"), name: try row.decode("name"),
                description: try row.decode("description"), facultyId: try row.decode("user_id"))
        }
    }

    private static func course(_ row: PostgresRow) throws -> Course {
        Course(
            id: try row.decode("id"),
            name: try row.decode("name"),
            description: try row.decode("description"),
            courseCode: try row.decode("course_code"),
            userId: try row.decode("user_id"),
            enrollmentCount: try row.decode("enrollment_count")
        )
    }
}
