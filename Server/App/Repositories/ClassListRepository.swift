import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A class list read into a course, in one transaction. An address without an account gets
/// one without a password (`!`, which no password matches), made by the importer
/// (`users.created_by`), enrolled, with a one-time link (`password_reset_tokens`) to choose
/// it. An account that exists is never taken over: a teacher's list invites it into the course
/// (`course_invitations`), and its owner accepts or declines; whatever its role, so that a list
/// tells a teacher nothing about who is staff. An admin's list enrolls existing students (and
/// refuses staff accounts) and is written to the audit log. The course is locked first, so two
/// imports into it take turns; a teacher's imports take turns too, for their daily cap on new
/// accounts. Nothing is written on a dry run.
struct ClassListRepository: Sendable {
    let pool: PostgresPool
    let clock: ServerClock
    /// New accounts one teacher's class lists may make in a day (`CLASS_LIST_ACCOUNTS_PER_DAY`).
    let newAccountsPerTeacherPerDay: Int

    /// How long a new account's link works: a teacher hands it out in class, or it waits in a mailbox.
    static let linkLifetime: TimeInterval = 7 * 24 * 60 * 60

    /// The plan, and what was made: new accounts' links (token and address) and the students
    /// invited into the course (their addresses and own language settings, for the mail that
    /// tells them).
    struct Outcome: Sendable {
        var courseName: String
        /// The course's time zone and who imports the list (name, else address): the new
        /// accounts' mail names them.
        var courseTimeZone = "UTC"
        var importerName = ""
        var lines: [ClassListLine]
        var rejected: [ClassListRejection]
        var links: [(email: String, token: String)]
        var invited: [(email: String, language: Language?)]
        var expiresAt: Date
    }

    enum Importing: Sendable {
        case imported(Outcome)
        case notFound
        /// An account of one of the addresses was made meanwhile (by a registration or another
        /// course's import): nothing was written.
        case raced
        /// The list would take the teacher past their daily cap on new accounts: nothing was written.
        case overDailyCap(cap: Int, madeToday: Int, wanted: Int)
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

    /// `language`: the new accounts' (the importer's).
    func importList(
        _ list: ClassList, courseID: Int, by importer: Importer, dryRun: Bool, language: Language? = nil, logger: Logger
    ) async throws -> Importing {
        do {
            return try await pool.transaction(logger: logger) { transaction in
                guard let course = try await Self.lockCourse(courseID, for: importer, in: transaction) else { return .notFound }
                var outcome = try await Self.plan(list, courseID: courseID, by: importer, in: transaction)
                (outcome.courseName, outcome.courseTimeZone, outcome.importerName) = course
                outcome.expiresAt = clock.now().addingTimeInterval(Self.linkLifetime)
                if case .owner(let teacherID) = importer {
                    let wanted = outcome.lines.filter { $0.outcome == .created }.count
                    let madeToday = try await Self.accountsMadeToday(by: teacherID, in: transaction)
                    if wanted > 0, madeToday + wanted > newAccountsPerTeacherPerDay {
                        return .overDailyCap(cap: newAccountsPerTeacherPerDay, madeToday: madeToday, wanted: wanted)
                    }
                }
                guard !dryRun else { return .imported(outcome) }
                let statements = ClassListStatements(
                    courseID: courseID, importerID: importer.userID, language: language, transaction: transaction)
                outcome.links = try await statements.createAccounts(list, outcome: outcome)
                try await statements.enroll(list, outcome: outcome)
                outcome.invited = try await statements.invite(list, outcome: outcome)
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

    /// Locks the course's row, when it is one the importer may import into: its name and time
    /// zone, and the importer's name (else address). A teacher's imports also take turns among
    /// themselves (the daily cap counts what each made).
    private static func lockCourse(_ courseID: Int, for importer: Importer, in transaction: Transaction) async throws
        -> (name: String, timeZone: String, importer: String)?
    {
        switch importer {
        case .owner(let facultyID):
            guard
                try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .update, in: transaction) != nil
            else { return nil }
            try await transaction.execute("SELECT pg_advisory_xact_lock(\(advisoryLockKey), \(Int32(truncatingIfNeeded: facultyID)))")
        case .admin:
            break
        }
        guard
            let row = try await transaction.query(
                """
                SELECT c.name, c.time_zone, (SELECT coalesce(u.name, u.email) FROM users u WHERE u.id = \(importer.userID)) AS importer
                FROM courses c WHERE c.id = \(courseID) \(unescaped: RowLock.update.clause(of: "c"))
                """
            ).first
        else { return nil }
        return (try row.decode("name"), try row.decode("time_zone"), (try row.decode("importer") as String?) ?? "")
    }

    /// The first key of the advisory locks a teacher's imports take ("CL" in ASCII).
    private static let advisoryLockKey: Int32 = 0x434C

    /// The accounts the teacher's class lists made in the last 24 hours (by the database's clock,
    /// which stamps them).
    private static func accountsMadeToday(by teacherID: Int, in transaction: Transaction) async throws -> Int {
        try await transaction.query(
            """
            SELECT count(*)::bigint AS made FROM users
            WHERE created_by = \(teacherID) AND created_at > now() - interval '1 day'
            """
        ).single().decode("made")
    }

    /// Each accepted line's outcome. A teacher's list invites every account that exists and is
    /// not in the course, whatever its role; an admin's enrolls students and rejects the others.
    private static func plan(_ list: ClassList, courseID: Int, by importer: Importer, in transaction: Transaction) async throws
        -> Outcome
    {
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
            switch (accounts[student.email.key], importer) {
            case (.none, _): outcome = .created
            case (.some(let account), _) where account.enrolled: outcome = .alreadyEnrolled
            case (.some, .owner): outcome = .invited
            case (.some(let account), .admin) where account.role != Role.student.rawValue:
                rejected.append(ClassListRejection(line: student.line, why: Message("repo.class-list.not-a-student")))
                continue
            case (.some, .admin): outcome = .enrolled
            }
            lines.append(ClassListLine(line: student.line, email: student.email.display, outcome: outcome))
        }
        rejected.sort { $0.line < $1.line }
        return Outcome(courseName: "", lines: lines, rejected: rejected, links: [], invited: [], expiresAt: Date())
    }
}
