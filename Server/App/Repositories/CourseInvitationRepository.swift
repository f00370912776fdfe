import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The courses class lists invited a student into (`course_invitations`): the student accepts
/// (an enrollment) or declines. Only a student's account can accept.
struct CourseInvitationRepository: Sendable {
    let pool: PostgresPool

    /// The student's invitations, newest first.
    func invitations(ofStudent studentID: Int, logger: Logger) async throws -> [CourseInvitation] {
        try await pool.query(
            """
            SELECT ci.course_id, c.name AS course_name, coalesce(t.name, t.email) AS invited_by, ci.created_at
            FROM course_invitations ci
            JOIN courses c ON c.id = ci.course_id
            JOIN users s ON s.id = ci.user_id AND s.role_id = \(Role.student.rawValue)
            LEFT JOIN users t ON t.id = ci.invited_by
            WHERE ci.user_id = \(studentID)
            ORDER BY ci.created_at DESC, ci.course_id
            LIMIT \(PageRequest.maxLimit)
            """, logger: logger
        ).map {
            CourseInvitation(
                courseId: try $0.decode("course_id"), courseName: try $0.decode("course_name"), invitedBy: try $0.decode("invited_by"),
                invitedAt: try $0.decode("created_at"))
        }
    }

    enum Acceptance: Sendable {
        case enrolled(Enrollment)
        /// No such invitation (declined, never made, or the account is not a student's).
        case notInvited
        case alreadyEnrolled
    }

    /// Accepts the invitation into `courseID`: the student is enrolled and the invitation goes,
    /// in one transaction.
    func accept(studentID: Int, courseID: Int, logger: Logger) async throws -> Acceptance {
        try await pool.transaction(logger: logger) { transaction in
            let invited = try await transaction.execute(
                """
                DELETE FROM course_invitations ci USING users u
                WHERE ci.course_id = \(courseID) AND ci.user_id = \(studentID) AND u.id = ci.user_id
                  AND u.role_id = \(Role.student.rawValue)
                """)
            guard invited == 1 else { return .notInvited }
            let rows = try await transaction.query(
                """
                WITH inserted AS (
                    INSERT INTO enrollments (user_id, course_id) VALUES (\(studentID), \(courseID))
                    ON CONFLICT (user_id, course_id) DO NOTHING
                    RETURNING id, course_id, enrollment_date
                )
                SELECT inserted.id AS enrollment_id, inserted.enrollment_date,
                       c.id, c.name, c.description, c.course_code, c.user_id, c.time_zone
                FROM inserted JOIN courses c ON c.id = inserted.course_id
                """)
            guard let row = rows.first else { return .alreadyEnrolled }
            let course = try EnrollmentRepository.enrolledCourse(row)
            return .enrolled(Enrollment(id: try row.decode("enrollment_id"), course: course, enrollmentDate: course.enrollmentDate))
        }
    }

    /// Declines the invitation into `courseID`; false when there was none.
    func decline(studentID: Int, courseID: Int, logger: Logger) async throws -> Bool {
        try await pool.execute(
            "DELETE FROM course_invitations WHERE course_id = \(courseID) AND user_id = \(studentID)", logger: logger) > 0
    }
}
