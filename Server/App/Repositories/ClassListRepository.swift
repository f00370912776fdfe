import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A class list read into a course, in one transaction: the addresses with accounts are
/// enrolled (students only), the others get accounts without a password (`!`, which no
/// password matches) and a one-time link (`password_reset_tokens`) to choose one. The course
/// is locked first, so two imports into it take turns; nothing is written on a dry run. An
/// admin's import is written to the admin audit log in the same transaction.
struct ClassListRepository: Sendable {
    let pool: PostgresPool
    let clock: ServerClock

    /// How long a new account's link works: a teacher hands it out in class, or it waits in a mailbox.
    static let linkLifetime: TimeInterval = 7 * 24 * 60 * 60

    /// The plan, and the links made for new accounts (token and address).
    struct Outcome: Sendable {
        var lines: [ClassListLine]
        var rejected: [ClassListRejection]
        var links: [(email: String, token: String)]
        var expiresAt: Date
    }

    enum Importing: Sendable {
        case imported(Outcome)
        case notFound
        /// An account of one of the addresses was made meanwhile (by a registration or another
        /// course's import): nothing was written.
        case raced
    }

    /// Who imports a class list.
    enum Importer: Sendable {
        /// The course's teacher.
        case owner(Int)
        /// An admin, into any course; the import (not a dry run) is written to the audit log
        /// with the client's address.
        case admin(Int, clientAddress: String)

        var userID: Int {
            switch self {
            case .owner(let id), .admin(let id, _): id
            }
        }
    }

    func importList(_ list: ClassList, courseID: Int, by importer: Importer, dryRun: Bool, logger: Logger) async throws -> Importing {
        do {
            return try await pool.transaction(logger: logger) { transaction in
                guard try await Self.lockCourse(courseID, for: importer, in: transaction) else { return .notFound }
                var outcome = try await Self.plan(list, courseID: courseID, in: transaction)
                outcome.expiresAt = clock.now().addingTimeInterval(Self.linkLifetime)
                guard !dryRun else { return .imported(outcome) }
                outcome.links = try await Self.write(
                    list, outcome: outcome, courseID: courseID, creatorID: importer.userID, in: transaction)
                if case .admin(let adminID, let clientAddress) = importer {
                    try await AdminAuditStatements.record(
                        .importedClassList, actorID: adminID, targetUserID: nil, courseID: courseID, clientAddress: clientAddress,
                        in: transaction)
                }
                return .imported(outcome)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            return .raced
        }
    }

    /// Locks the course's row, when it is one the importer may import into.
    private static func lockCourse(_ courseID: Int, for importer: Importer, in transaction: Transaction) async throws -> Bool {
        switch importer {
        case .owner(let facultyID):
            try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .update, in: transaction) != nil
        case .admin:
            try await !transaction.query(
                "SELECT c.id FROM courses c WHERE c.id = \(courseID) \(unescaped: RowLock.update.clause(of: "c"))"
            ).isEmpty
        }
    }

    /// Each accepted line's outcome; a line whose account is not a student's is rejected.
    private static func plan(_ list: ClassList, courseID: Int, in transaction: Transaction) async throws -> Outcome {
        let rows = try await transaction.query(
            """
            SELECT u.email_key, u.role_id, (e.id IS NOT NULL) AS enrolled
            FROM users u LEFT JOIN enrollments e ON e.user_id = u.id AND e.course_id = \(courseID)
            WHERE u.email_key = ANY(\(PostgresArray(list.students.map(\.email.key)))::text[])
            """)
        var accounts: [String: (role: Int, enrolled: Bool)] = [:]
        for row in rows { accounts[try row.decode("email_key")] = (try row.decode("role_id"), try row.decode("enrolled")) }
        var lines: [ClassListLine] = []
        var rejected = list.rejected
        for student in list.students {
            let outcome: ClassListOutcome
            switch accounts[student.email.key] {
            case .none: outcome = .created
            case .some(let account) where account.role != Role.student.rawValue:
                rejected.append(ClassListRejection(line: student.line, reason: "The account of this address is not a student's."))
                continue
            case .some(let account): outcome = account.enrolled ? .alreadyEnrolled : .enrolled
            }
            lines.append(ClassListLine(line: student.line, email: student.email.display, outcome: outcome))
        }
        rejected.sort { $0.line < $1.line }
        return Outcome(lines: lines, rejected: rejected, links: [], expiresAt: Date())
    }

    /// Creates the new accounts with their links and enrolls every planned line's account.
    private static func write(
        _ list: ClassList, outcome: Outcome, courseID: Int, creatorID: Int, in transaction: Transaction
    ) async throws -> [(email: String, token: String)] {
        let planned = Dictionary(uniqueKeysWithValues: outcome.lines.map { ($0.line, $0.outcome) })
        let new = list.students.filter { planned[$0.line] == .created }
        let tokens = new.map { _ in RefreshTokens.generate() }
        try await transaction.execute(
            """
            WITH made AS (
                INSERT INTO users (email, email_key, password_hash, role_id, name, student_number)
                SELECT n.email, n.email_key, '!', \(Role.student.rawValue), NULLIF(n.name, ''), NULLIF(n.number, '')
                FROM unnest(\(PostgresArray(new.map(\.email.display)))::text[], \(PostgresArray(new.map(\.email.key)))::text[],
                            \(PostgresArray(new.map { $0.name ?? "" }))::text[],
                            \(PostgresArray(new.map { $0.studentNumber ?? "" }))::text[]) AS n(email, email_key, name, number)
                RETURNING id, email_key
            )
            INSERT INTO password_reset_tokens (token_hash, user_id, created_by, expires_at)
            SELECT decode(n.token, 'hex'), made.id, \(creatorID), \(outcome.expiresAt)
            FROM made JOIN unnest(\(PostgresArray(new.map(\.email.key)))::text[], \(PostgresArray(tokens.map { hex($0.hash) }))::text[])
                AS n(email_key, token) ON n.email_key = made.email_key
            """)
        let joining = list.students.filter { planned[$0.line] == .created || planned[$0.line] == .enrolled }
        try await transaction.execute(
            """
            INSERT INTO enrollments (user_id, course_id)
            SELECT u.id, \(courseID) FROM users u WHERE u.email_key = ANY(\(PostgresArray(joining.map(\.email.key)))::text[])
            """)
        return zip(new, tokens).map { ($0.email.display, $1.token) }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
