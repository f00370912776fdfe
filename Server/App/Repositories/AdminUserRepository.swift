import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The accounts as admins manage them: the list, disabling and enabling. Every change is
/// written to the audit log in its own transaction.
struct AdminUserRepository: Sendable {
    let pool: PostgresPool

    /// A page of accounts in the order they were made, of one role and whose address holds
    /// `search` (lower case), when given.
    func list(role: Role?, search: String?, page: PageRequest, logger: Logger) async throws -> [AccountInfo] {
        let rows = try await pool.query(
            """
            SELECT u.id, u.email, u.role_id, u.disabled_at IS NOT NULL AS disabled, u.created_at,
                   (SELECT max(s.created_at) FROM sessions s WHERE s.user_id = u.id) AS last_sign_in_at
            FROM users u
            WHERE u.id > \(page.after ?? 0)
              AND (\(role?.rawValue)::smallint IS NULL OR u.role_id = \(role?.rawValue))
              AND (\(search)::text IS NULL OR strpos(coalesce(u.email_key, lower(u.email)), \(search)) > 0)
            ORDER BY u.id LIMIT \(page.fetchLimit)
            """, logger: logger)
        return try rows.compactMap { row in
            guard let role = Role(rawValue: try row.decode("role_id")) else { return nil }
            return AccountInfo(
                id: try row.decode("id"), email: try row.decode("email"), role: role, disabled: try row.decode("disabled"),
                createdAt: try row.decode("created_at"), lastSignInAt: try row.decode("last_sign_in_at"))
        }
    }

    enum Change: Sendable, Equatable {
        case done
        case notFound
        /// Disabling would leave no enabled admin.
        case lastAdmin
    }

    /// Disables the account and revokes every one of its sessions (their refresh tokens and
    /// browser cookies with them; the revocation is announced to every replica). The enabled
    /// admins are locked first, so two admins disabling each other cannot leave none.
    func disable(userID: Int, by adminID: Int, clientAddress: String, logger: Logger) async throws -> Change {
        try await pool.transaction(logger: logger) { transaction in
            let admins = try await transaction.query(
                "SELECT id FROM users WHERE role_id = \(Role.admin.rawValue) AND disabled_at IS NULL ORDER BY id FOR UPDATE")
            let adminIDs: [Int] = try admins.map { try $0.decode("id") }
            guard try await !transaction.query("SELECT 1 AS found FROM users WHERE id = \(userID) FOR UPDATE").isEmpty else {
                return .notFound
            }
            if adminIDs == [userID] { return .lastAdmin }
            try await transaction.execute(
                "UPDATE users SET disabled_at = now(), updated_at = now() WHERE id = \(userID) AND disabled_at IS NULL")
            try await transaction.execute("UPDATE sessions SET revoked_at = now() WHERE user_id = \(userID) AND revoked_at IS NULL")
            try await AdminAuditStatements.record(
                .disabled, actorID: adminID, targetUserID: userID, clientAddress: clientAddress, in: transaction)
            return .done
        }
    }

    /// Lets a disabled account sign in again (its old sessions stay ended).
    func enable(userID: Int, by adminID: Int, clientAddress: String, logger: Logger) async throws -> Change {
        try await pool.transaction(logger: logger) { transaction in
            guard
                try await !transaction.query(
                    "UPDATE users SET disabled_at = NULL, updated_at = now() WHERE id = \(userID) RETURNING id"
                ).isEmpty
            else { return .notFound }
            try await AdminAuditStatements.record(
                .enabled, actorID: adminID, targetUserID: userID, clientAddress: clientAddress, in: transaction)
            return .done
        }
    }
}
