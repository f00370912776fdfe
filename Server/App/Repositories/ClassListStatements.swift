import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation

/// The writes of a class list's import, inside `ClassListRepository`'s transaction.
struct ClassListStatements: Sendable {
    let courseID: Int
    let importerID: Int
    /// The new accounts' language: the importer's (as an invitation carries the admin's).
    var language: Language? = nil
    let transaction: Transaction

    /// The lines of `list` planned as `outcome`.
    private func students(_ list: ClassList, _ outcome: ClassListRepository.Outcome, _ wanted: Set<ClassListOutcome>)
        -> [ClassList.Student]
    {
        let planned = Dictionary(outcome.lines.map { ($0.line, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        return list.students.filter { planned[$0.line].map(wanted.contains) ?? false }
    }

    /// Creates the new accounts (made by the importer, in the importer's language) with their
    /// links: each one's address and token.
    func createAccounts(_ list: ClassList, outcome: ClassListRepository.Outcome) async throws -> [(email: String, token: String)] {
        let new = students(list, outcome, [.created])
        guard !new.isEmpty else { return [] }
        let tokens = new.map { _ in RefreshTokens.generate() }
        try await transaction.execute(
            """
            WITH made AS (
                INSERT INTO users (email, email_key, password_hash, role_id, name, student_number, created_by, language)
                SELECT n.email, n.email_key, '!', \(Role.student.rawValue), NULLIF(n.name, ''), NULLIF(n.number, ''), \(importerID),
                       \(language?.rawValue)
                FROM unnest(\(PostgresArray(new.map(\.email.display)))::text[], \(PostgresArray(new.map(\.email.key)))::text[],
                            \(PostgresArray(new.map { $0.name ?? "" }))::text[],
                            \(PostgresArray(new.map { $0.studentNumber ?? "" }))::text[]) AS n(email, email_key, name, number)
                RETURNING id, email_key
            )
            INSERT INTO password_reset_tokens (token_hash, user_id, created_by, expires_at)
            SELECT decode(n.token, 'hex'), made.id, \(importerID), \(outcome.expiresAt)
            FROM made JOIN unnest(\(PostgresArray(new.map(\.email.key)))::text[], \(PostgresArray(tokens.map { Self.hex($0.hash) }))::text[])
                AS n(email_key, token) ON n.email_key = made.email_key
            """)
        return zip(new, tokens).map { ($0.email.display, $1.token) }
    }

    /// Enrolls the new accounts, and the existing students an admin's list names.
    func enroll(_ list: ClassList, outcome: ClassListRepository.Outcome) async throws {
        let joining = students(list, outcome, [.created, .enrolled])
        guard !joining.isEmpty else { return }
        try await transaction.execute(
            """
            INSERT INTO enrollments (user_id, course_id)
            SELECT u.id, \(courseID) FROM users u WHERE u.email_key = ANY(\(PostgresArray(joining.map(\.email.key)))::text[])
            """)
    }

    /// Invites the existing accounts a teacher's list names (a second list renews the
    /// invitation): the addresses of the students among them, whom a mail tells, with each one's
    /// own language setting. A staff account's invitation stays unanswered, as a student's may.
    func invite(_ list: ClassList, outcome: ClassListRepository.Outcome) async throws -> [(email: String, language: Language?)] {
        let invited = students(list, outcome, [.invited])
        guard !invited.isEmpty else { return [] }
        return try await transaction.query(
            """
            WITH invited AS (
                INSERT INTO course_invitations (course_id, user_id, invited_by)
                SELECT \(courseID), u.id, \(importerID) FROM users u
                WHERE u.email_key = ANY(\(PostgresArray(invited.map(\.email.key)))::text[])
                ON CONFLICT (course_id, user_id) DO UPDATE SET invited_by = EXCLUDED.invited_by, created_at = now()
                RETURNING user_id
            )
            SELECT u.email, u.language FROM invited i JOIN users u ON u.id = i.user_id
            WHERE u.role_id = \(Role.student.rawValue) AND u.disabled_at IS NULL
            ORDER BY u.id
            """
        ).map { (try $0.decode("email"), try ($0.decode("language") as String?).flatMap(Language.init(rawValue:))) }
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}
