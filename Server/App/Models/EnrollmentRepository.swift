import HTTPTypes
import ExamPrepPostgres
import ExamPrepShared
import Foundation

/// Reads and writes `enrollments`.
struct EnrollmentRepository: Sendable {
    let pool: PostgresPool

    /// Enrolls a student in the course with `code` (already upper-cased): 404 for an unknown
    /// code, 409 when already enrolled (the unique constraint decides under races).
    func enroll(studentID: Int, code: String) async throws -> Enrollment {
        do {
            let rows = try await pool.query(
                """
                WITH course AS (SELECT id, name, description, course_code, user_id FROM courses WHERE course_code = \(code)),
                inserted AS (
                    INSERT INTO enrollments (user_id, course_id)
                    SELECT \(studentID), id FROM course
                    RETURNING id, course_id, enrollment_date
                )
                SELECT inserted.id AS enrollment_id, inserted.enrollment_date,
                       course.id, course.name, course.description, course.course_code, course.user_id
                FROM inserted JOIN course ON course.id = inserted.course_id
                """)
            guard let row = rows.first else {
                throw APIError(.notFound, .notFound, "No course has the code \(code).")
            }
            let course = try Self.enrolledCourse(row)
            return Enrollment(id: try row.decode("enrollment_id"), course: course, enrollmentDate: course.enrollmentDate)
        } catch let error as PostgresError where error.isUniqueViolation {
            throw APIError(.conflict, .alreadyEnrolled, "You are already enrolled in course \(code).")
        }
    }

    func courses(ofStudent studentID: Int) async throws -> [EnrolledCourse] {
        let rows = try await pool.query(
            """
            SELECT c.id, c.name, c.description, c.course_code, c.user_id, e.enrollment_date
            FROM enrollments e JOIN courses c ON c.id = e.course_id
            WHERE e.user_id = \(studentID)
            ORDER BY e.enrollment_date, e.id
            """)
        return try rows.map(Self.enrolledCourse)
    }

    private static func enrolledCourse(_ row: PostgresRow) throws -> EnrolledCourse {
        EnrolledCourse(
            id: try row.decode("id"),
            name: try row.decode("name"),
            description: try row.decode("description"),
            courseCode: try row.decode("course_code"),
            facultyId: try row.decode("user_id"),
            enrollmentDate: try row.decode("enrollment_date")
        )
    }
}
