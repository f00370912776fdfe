import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Reads and writes `enrollments`.
struct EnrollmentRepository: Sendable {
    let pool: PostgresPool

    enum Enrolling: Sendable {
        case enrolled(Enrollment)
        case unknownCode
        /// The unique constraint decides under races.
        case alreadyEnrolled
    }

    /// Whether a course has `code` (already upper-cased).
    func courseExists(code: String, logger: Logger) async throws -> Bool {
        try await !pool.query("SELECT 1 AS found FROM courses WHERE course_code = \(code)", logger: logger).isEmpty
    }

    /// Enrolls a student in the course with `code` (already upper-cased).
    func enroll(studentID: Int, code: String, logger: Logger) async throws -> Enrolling {
        do {
            let rows = try await pool.query(
                """
                WITH course AS (SELECT id, name, description, course_code, user_id, time_zone FROM courses WHERE course_code = \(code)),
                inserted AS (
                    INSERT INTO enrollments (user_id, course_id)
                    SELECT \(studentID), id FROM course
                    RETURNING id, course_id, enrollment_date
                )
                SELECT inserted.id AS enrollment_id, inserted.enrollment_date,
                       course.id, course.name, course.description, course.course_code, course.user_id, course.time_zone
                FROM inserted JOIN course ON course.id = inserted.course_id
                """, logger: logger)
            guard let row = rows.first else { return .unknownCode }
            let course = try Self.enrolledCourse(row)
            return .enrolled(Enrollment(id: try row.decode("enrollment_id"), course: course, enrollmentDate: course.enrollmentDate))
        } catch let error as PostgresError where error.isUniqueViolation {
            return .alreadyEnrolled
        }
    }

    /// A page of a student's courses in the order of enrollment, keyed by the enrollment's id.
    func courses(ofStudent studentID: Int, page: PageRequest, logger: Logger) async throws -> [(enrollmentID: Int, course: EnrolledCourse)]
    {
        let rows = try await pool.query(
            """
            SELECT e.id AS enrollment_id, c.id, c.name, c.description, c.course_code, c.user_id, c.time_zone, e.enrollment_date
            FROM enrollments e JOIN courses c ON c.id = e.course_id
            WHERE e.user_id = \(studentID) AND e.id > \(page.after ?? 0)
            ORDER BY e.id
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { (try $0.decode("enrollment_id"), try Self.enrolledCourse($0)) }
    }

    /// One student on a roster: their account, name, student number, enrollment and
    /// accommodation in the course (if any), keyed by the enrollment's id.
    struct RosterRow: Sendable {
        var enrollmentID: Int
        var student: CourseRosterStudent
    }

    /// The order of a roster: by enrollment (the API's, paged by the enrollment's id, so a
    /// page never shifts when someone enrolls) or by surname as Polish collation sorts it
    /// (teachers' pages, paged by position).
    enum RosterOrder: Sendable {
        case enrollment
        case surname
    }

    /// A page of the course's roster (what `…/students`, `…/roster` and the roster page show);
    /// `search` keeps the people whose name, address or student number holds it, in any case
    /// and with or without diacritics ("zolc" finds "Żółć": `examprep_fold`, migration 045),
    /// `studentID` one student. `page.after` is the last enrollment's id by enrollment, the
    /// number of rows before the page by surname (`examprep_surname`: the name's last word, the
    /// address without a name).
    func roster(
        courseID: Int, search: String? = nil, studentID: Int? = nil, order: RosterOrder = .enrollment, page: PageRequest,
        logger: Logger
    ) async throws -> [RosterRow] {
        let bySurname = order == .surname
        let rows = try await pool.query(
            """
            SELECT e.id AS enrollment_id, u.id, u.email, u.name, u.student_number, e.enrollment_date,
                   a.time_multiplier::float8 AS time_multiplier, a.extra_minutes, a.note,
                   a.grade_threshold_offset_percent::int AS grade_threshold_offset_percent
            FROM enrollments e JOIN users u ON u.id = e.user_id
            LEFT JOIN accommodations a ON a.course_id = e.course_id AND a.student_id = e.user_id
            WHERE e.course_id = \(courseID) AND (\(bySurname)::boolean OR e.id > \(page.after ?? 0))
              AND (\(search)::text IS NULL
                   OR strpos(examprep_fold(concat_ws(' ', u.name, u.email, u.student_number)), examprep_fold(\(search)::text)) > 0)
              AND (\(studentID)::bigint IS NULL OR u.id = \(studentID))
            ORDER BY (CASE WHEN \(bySurname)::boolean THEN examprep_surname(u.name, u.email) END) COLLATE examprep_names,
                     (CASE WHEN \(bySurname)::boolean THEN coalesce(u.name, u.email) END) COLLATE examprep_names, e.id
            LIMIT \(page.fetchLimit) OFFSET \(bySurname ? max(page.after ?? 0, 0) : 0)
            """, logger: logger)
        return try rows.map { row in
            let multiplier: Double? = try row.decode("time_multiplier")
            let userID: Int = try row.decode("id")
            let accommodation = try multiplier.map {
                Accommodation(
                    timeMultiplier: $0, extraMinutes: try row.decode("extra_minutes"), note: try row.decode("note"), studentId: userID,
                    courseId: courseID, gradeThresholdOffsetPercent: try row.decode("grade_threshold_offset_percent"))
            }
            let student = CourseRosterStudent(
                userId: userID, email: try row.decode("email"), name: try row.decode("name"),
                studentNumber: try row.decode("student_number"),
                enrolledAt: try row.decode("enrollment_date"), accommodation: accommodation)
            return RosterRow(enrollmentID: try row.decode("enrollment_id"), student: student)
        }
    }

    /// Ends a student's enrollment; false when there was none. Their attempts and grades
    /// stay (attempt routes check the enrollment, so open attempts become unreachable).
    func remove(studentID: Int, courseID: Int, logger: Logger) async throws -> Bool {
        try await pool.execute(
            "DELETE FROM enrollments WHERE user_id = \(studentID) AND course_id = \(courseID)", logger: logger) > 0
    }

    static func enrolledCourse(_ row: PostgresRow) throws -> EnrolledCourse {
        EnrolledCourse(
            id: try row.decode("id"),
            name: try row.decode("name"),
            description: try row.decode("description"),
            courseCode: try row.decode("course_code"),
            facultyId: try row.decode("user_id"),
            enrollmentDate: try row.decode("enrollment_date"),
            timeZone: try row.decode("time_zone")
        )
    }
}
