import ExamPrepPostgres
import ExamPrepShared
import Logging

/// Reads and writes `courses`.
struct CourseRepository: Sendable {
    let pool: PostgresPool

    enum Creation: Sendable {
        case created(Course)
        /// The same faculty member already has a course of that name (in any case).
        case nameTaken
        /// The faculty member has `maxCourses` courses already.
        case limitReached
        /// Every random code tried was taken (the code space is nearly full).
        case noFreeCode
    }

    /// How many random codes to try before giving up (collisions are rare: 26⁴ codes).
    static let codeAttempts = 20

    /// Inserts a course with a new random code, unless the faculty member has `maxCourses`
    /// already. The faculty member's row is locked for the transaction, so concurrent
    /// creations are counted one after the other.
    func create(facultyID: Int, name: String, description: String, timeZone: String, maxCourses: Int, logger: Logger) async throws
        -> Creation
    {
        do {
            return try await pool.withTransaction(logger: logger) { connection in
                try await Self.insert(
                    facultyID: facultyID, name: name, description: description, timeZone: timeZone, maxCourses: maxCourses,
                    on: connection, logger: logger)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            return .nameTaken
        }
    }

    /// `create`'s statements inside the caller's transaction on `connection` (a course
    /// import's, which writes the course's content in the same transaction). A name the
    /// faculty member already uses throws PostgreSQL's unique violation.
    static func insert(
        facultyID: Int, name: String, description: String, timeZone: String, maxCourses: Int, on connection: PostgresConnection,
        logger: Logger
    ) async throws -> Creation {
        _ = try await connection.query("SELECT id FROM users WHERE id = \(facultyID) FOR UPDATE", logger: logger)
        let count = try await connection.query(
            "SELECT count(*) AS courses FROM courses c WHERE \(ownedBy: facultyID)", logger: logger
        ).single()
            .decode("courses", as: Int.self)
        guard count < maxCourses else { return .limitReached }
        for _ in 0..<Self.codeAttempts {
            let code = CourseCodes.random()
            let rows = try await connection.query(
                """
                INSERT INTO courses (name, description, course_code, user_id, time_zone)
                SELECT \(name), \(description), \(code), \(facultyID), \(timeZone)
                WHERE NOT EXISTS (SELECT 1 FROM reserved_course_codes WHERE course_code = \(code))
                ON CONFLICT ON CONSTRAINT courses_course_code_key DO NOTHING
                RETURNING id, name, description, course_code, user_id, time_zone, 0::bigint AS enrollment_count
                """, logger: logger)
            if let row = rows.first { return .created(try Self.course(row)) }
        }
        return .noFreeCode
    }

    /// A page of a faculty member's courses with their enrollment counts, in one query, by id;
    /// with `only`, just that course (none when it is another's).
    func courses(ofFaculty facultyID: Int, page: PageRequest, only: Int? = nil, logger: Logger) async throws -> [Course] {
        let rows = try await pool.query(
            """
            SELECT c.id, c.name, c.description, c.course_code, c.user_id, c.time_zone, count(e.id) AS enrollment_count
            FROM courses c LEFT JOIN enrollments e ON e.course_id = c.id
            WHERE \(ownedBy: facultyID) AND c.id > \(page.after ?? 0) AND (\(only)::bigint IS NULL OR c.id = \(only))
            GROUP BY c.id
            ORDER BY c.id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map(Self.course)
    }

    /// A page of the public catalogue (never the codes), optionally of one faculty member, by id.
    func catalogue(facultyID: Int? = nil, page: PageRequest, logger: Logger) async throws -> [CatalogueCourse] {
        let rows = try await pool.query(
            """
            SELECT c.id, c.name, c.description, c.user_id FROM courses c
            WHERE \(ownedBy: facultyID) AND c.id > \(page.after ?? 0)
            ORDER BY id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            CatalogueCourse(
                id: try row.decode("id"), name: try row.decode("name"),
                description: try row.decode("description"), facultyId: try row.decode("user_id"))
        }
    }

    enum Updating: Sendable {
        case updated(Course)
        case notFound
        /// The faculty member has another course of that name.
        case nameTaken
    }

    /// Changes the name and/or description (nil: unchanged) of the faculty member's course.
    func update(courseID: Int, facultyID: Int, name: String?, description: String?, timeZone: String?, logger: Logger) async throws
        -> Updating
    {
        do {
            let rows = try await pool.query(
                """
                WITH updated AS (
                    UPDATE courses c SET name = coalesce(\(name)::text, name), description = coalesce(\(description)::text, description),
                        time_zone = coalesce(\(timeZone)::text, time_zone)
                    WHERE c.id = \(courseID) AND \(ownedBy: facultyID)
                    RETURNING c.id, c.name, c.description, c.course_code, c.user_id, c.time_zone
                )
                SELECT updated.*, (SELECT count(*) FROM enrollments e WHERE e.course_id = updated.id) AS enrollment_count
                FROM updated
                """, logger: logger)
            guard let row = rows.first else { return .notFound }
            return .updated(try Self.course(row))
        } catch let error as PostgresError where error.isUniqueViolation {
            return .nameTaken
        }
    }

    /// Deletes the faculty member's course; its enrollments, exams and attempts go with it
    /// (ON DELETE CASCADE). The course's row is locked first: attempts take a share lock on
    /// it before anything else, so the cascade never meets them halfway.
    func delete(courseID: Int, facultyID: Int, logger: Logger) async throws -> Bool {
        try await pool.withTransaction(logger: logger) { connection in
            let locked = try await connection.query(
                "SELECT c.id FROM courses c WHERE c.id = \(courseID) AND \(ownedBy: facultyID) FOR UPDATE", logger: logger)
            guard !locked.isEmpty else { return false }
            try await connection.execute("DELETE FROM courses WHERE id = \(courseID)", logger: logger)
            return true
        }
    }

    /// What deleting a course takes with it, as its confirmation page names it.
    struct Contents: Sendable {
        var students: Int
        var exams: Int
        var attempts: Int
        var bankQuestions: Int
    }

    /// The counts of what goes with the faculty member's course; nil when it is not theirs.
    func contents(courseID: Int, facultyID: Int, logger: Logger) async throws -> Contents? {
        let rows = try await pool.query(
            """
            SELECT (SELECT count(*) FROM enrollments WHERE course_id = c.id) AS students,
                   (SELECT count(*) FROM exams WHERE course_id = c.id) AS exams,
                   (SELECT count(*) FROM attempts a JOIN exams x ON x.id = a.exam_id WHERE x.course_id = c.id) AS attempts,
                   (SELECT count(*) FROM questions q WHERE q.course_id = c.id AND q.exam_id IS NULL AND q.is_current) AS bank
            FROM courses c WHERE c.id = \(courseID) AND \(ownedBy: facultyID)
            """, logger: logger)
        return try rows.first.map {
            Contents(
                students: try $0.decode("students"), exams: try $0.decode("exams"), attempts: try $0.decode("attempts"),
                bankQuestions: try $0.decode("bank"))
        }
    }

    enum Recoding: Sendable {
        case recoded(Course)
        case notFound
        case noFreeCode
    }

    /// Gives the faculty member's course a new random code; the old one stops working. A code
    /// the first version's import reserved (migration 013) is never given out.
    func newCode(courseID: Int, facultyID: Int, logger: Logger) async throws -> Recoding {
        for _ in 0..<Self.codeAttempts {
            do {
                let code = CourseCodes.random()
                let row = try await pool.query(
                    """
                    WITH free AS (
                        SELECT \(code)::text AS code
                        WHERE NOT EXISTS (SELECT 1 FROM reserved_course_codes WHERE course_code = \(code))
                    ), updated AS (
                        UPDATE courses c SET course_code = free.code FROM free
                        WHERE c.id = \(courseID) AND \(ownedBy: facultyID)
                        RETURNING c.id, c.name, c.description, c.course_code, c.user_id, c.time_zone
                    )
                    SELECT EXISTS (SELECT 1 FROM free) AS code_free, updated.*,
                           (SELECT count(*) FROM enrollments e WHERE e.course_id = updated.id) AS enrollment_count
                    FROM (SELECT 1) AS one LEFT JOIN updated ON true
                    """, logger: logger
                ).single()
                guard try row.decode("code_free", as: Bool.self) else { continue }
                guard try row.decode("id", as: Int?.self) != nil else { return .notFound }
                return .recoded(try Self.course(row))
            } catch let error as PostgresError where error.isUniqueViolation {
                continue
            }
        }
        return .noFreeCode
    }

    private static func course(_ row: PostgresRow) throws -> Course {
        Course(
            id: try row.decode("id"),
            name: try row.decode("name"),
            description: try row.decode("description"),
            courseCode: try row.decode("course_code"),
            userId: try row.decode("user_id"),
            enrollmentCount: try row.decode("enrollment_count"),
            timeZone: try row.decode("time_zone")
        )
    }
}
