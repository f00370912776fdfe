import ExamPrepPostgres
import Foundation
import Logging

/// The admin audit log (`admin_audit`): one row per admin action, written in the action's own
/// transaction, so an action is never done without its row.
enum AdminAuditStatements {
    enum Action: String, Sendable {
        case invited
        case revokedInvitation = "revoked_invitation"
        case disabled
        case enabled
        case madeResetLink = "made_reset_link"
        case importedClassList = "imported_class_list"
        case unlinkedSchoolAccount = "unlinked_school_account"
        /// A reset link mailed on its owner's request (the account is actor and target).
        case mailedResetLink = "mailed_reset_link"
    }

    /// Records that `actorID` did `action` to `targetUserID` (or to `targetEmail`, for an
    /// invitation; or to the course `courseID`) from `clientAddress`. The addresses and the
    /// course's name are copied, so the row outlives the accounts and the course.
    static func record(
        _ action: Action, actorID: Int, targetUserID: Int?, targetEmail: String? = nil, courseID: Int? = nil, clientAddress: String,
        in transaction: Transaction
    ) async throws {
        try await transaction.execute(
            """
            INSERT INTO admin_audit (actor_id, actor_email, action, target_user_id, target_email, course_id, course_name, client_address)
            SELECT a.id, a.email, \(action.rawValue), \(targetUserID),
                   coalesce((SELECT email FROM users WHERE id = \(targetUserID)), \(targetEmail)),
                   \(courseID), (SELECT name FROM courses WHERE id = \(courseID)), \(clientAddress)
            FROM users a WHERE a.id = \(actorID)
            """)
    }
}

/// Reads the admin audit log, newest first.
struct AdminAuditRepository: Sendable {
    let pool: PostgresPool

    /// A page of entries, newest first: `page.after` is the id the previous page ended at.
    func entries(page: PageRequest, logger: Logger) async throws -> [AuditEntryRow] {
        let rows = try await pool.query(
            """
            SELECT id, at, actor_id, actor_email, action, target_user_id, target_email, course_id, course_name, client_address
            FROM admin_audit
            WHERE id < \(page.after ?? Int.max)
            ORDER BY id DESC
            LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.map { row in
            AuditEntryRow(
                id: try row.decode("id"), at: try row.decode("at"), actorID: try row.decode("actor_id"),
                actorEmail: try row.decode("actor_email"), action: try row.decode("action"),
                targetUserID: try row.decode("target_user_id"), targetEmail: try row.decode("target_email"),
                courseID: try row.decode("course_id"), courseName: try row.decode("course_name"),
                clientAddress: try row.decode("client_address"))
        }
    }
}

struct AuditEntryRow: Sendable {
    var id: Int
    var at: Date
    var actorID: Int?
    var actorEmail: String
    var action: String
    var targetUserID: Int?
    var targetEmail: String?
    var courseID: Int?
    var courseName: String?
    var clientAddress: String
}
