import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A course's grade book: each student's grade at each exam by the exam's grading method
/// (`GradingMethod.grade`, `ExamPrepExams`), students who left the course included (they keep
/// their grades), and those whose account was deleted, one row per deleted address (their
/// attempts are kept, anonymised: migration 014). Each grade's mark on the course's scale
/// (`GradeLookup`) stands beside its score.
struct GradeBookRepository: Sendable {
    let pool: PostgresPool

    /// A page of the grade book keyed by the id of the attempt each grade comes from, or (with
    /// `page` nil) all of it. The course's graded attempts are read whole and graded here; the
    /// page is cut after.
    func gradeBook(courseID: Int, page: PageRequest?, logger: Logger) async throws -> [GradeBookEntry] {
        let rows = try await pool.query(
            """
            SELECT a.exam_id, a.student_id, a.student_key, u.email, u.name, u.student_number, e.title, e.grading_method, a.id, a.number,
                   a.score::float8 AS score, a.max_score::float8 AS max_score, a.submitted_at, a.needs_grading
            FROM attempts a JOIN exams e ON e.id = a.exam_id LEFT JOIN users u ON u.id = a.student_id
            WHERE e.course_id = \(courseID) AND a.submitted_at IS NOT NULL
            ORDER BY a.exam_id, a.student_id NULLS LAST, a.student_key, a.number, a.id
            """, logger: logger)
        let groups = try GradedAttempts.grouped(rows) { row in
            [
                try row.decode("exam_id", as: Int.self), try row.decode("student_id", as: Int?.self),
                try row.decode("student_key", as: [UInt8].self),
            ]
        }
        let lookup = try await GradeLookup.course(courseID) { try await pool.query($0, logger: logger) }
        var entries: [GradeBookEntry] = []
        for group in groups {
            let row = group.first
            guard let grade = try ExamPolicyColumns.gradingMethod(row).grade(group.attempts) else { continue }
            let studentID: Int? = try row.decode("student_id")
            entries.append(
                GradeBookEntry(
                    studentId: studentID,
                    email: try row.decode("email", as: String?.self) ?? GradeBookEntry.deletedAccount, examId: try row.decode("exam_id"),
                    examTitle: try row.decode("title"), attemptId: grade.attemptID, score: grade.score, maxScore: grade.maxScore,
                    submittedAt: grade.submittedAt, needsGrading: grade.needsGrading ? true : nil,
                    grade: lookup.grade(
                        courseID: courseID, studentID: studentID, score: grade.score, maxScore: grade.maxScore,
                        pending: grade.needsGrading),
                    name: try row.decode("name"), studentNumber: try row.decode("student_number")))
        }
        return Self.page(entries, page)
    }

    /// The whole grade book as the page and the CSV show it (`GradeBookLine`): every grade,
    /// and every student enrolled now at each exam that is not a draft, by surname.
    func lines(courseID: Int, logger: Logger) async throws -> [GradeBookLine] {
        let entries = try await gradeBook(courseID: courseID, page: nil, logger: logger)
        let people = try await pool.query(
            """
            SELECT u.id, u.name, u.email, u.student_number,
                   EXISTS (SELECT 1 FROM enrollments e WHERE e.course_id = \(courseID) AND e.user_id = u.id) AS enrolled
            FROM users u
            WHERE u.id IN (SELECT e.user_id FROM enrollments e WHERE e.course_id = \(courseID)
                           UNION SELECT a.student_id FROM attempts a JOIN exams x ON x.id = a.exam_id WHERE x.course_id = \(courseID))
            ORDER BY examprep_surname(u.name, u.email) COLLATE examprep_names, coalesce(u.name, u.email) COLLATE examprep_names, u.id
            """, logger: logger
        ).map { row in
            GradeBookLine.Person(
                id: try row.decode("id"), name: try row.decode("name"), email: try row.decode("email"),
                studentNumber: try row.decode("student_number"), enrolled: try row.decode("enrolled"))
        }
        let exams = try await pool.query(
            "SELECT id, title FROM exams WHERE course_id = \(courseID) AND status <> 'draft' ORDER BY id", logger: logger
        ).map { row in (id: try row.decode("id", as: Int.self), title: try row.decode("title", as: String.self)) }
        return GradeBookLine.lines(entries, people: people, exams: exams)
    }

    /// The course's time zone (the grade book's CSV writes its times in it); UTC for none.
    func timeZone(courseID: Int, logger: Logger) async throws -> String {
        try await pool.query("SELECT time_zone FROM courses WHERE id = \(courseID)", logger: logger).first?.decode("time_zone") ?? "UTC"
    }

    /// How many students of the exam (by the grade book: one grade each) earned each grade of
    /// its course's scale, in the scale's order, then how many wait for an essay (`pending`);
    /// nothing while the course shows percentages only.
    func gradeDistribution(examID: Int, logger: Logger) async throws -> (counts: [(grade: String, count: Int)], pending: Int) {
        guard
            let courseID = try await pool.query("SELECT course_id FROM exams WHERE id = \(examID)", logger: logger).first?.decode(
                "course_id", as: Int.self)
        else { return ([], 0) }
        let lookup = try await GradeLookup.course(courseID) { try await pool.query($0, logger: logger) }
        guard let scale = lookup.scales[courseID] else { return ([], 0) }
        let entries = try await gradeBook(courseID: courseID, page: nil, logger: logger).filter { $0.examId == examID }
        let counts = scale.bands.map { band in (band.grade, entries.filter { $0.grade == band.grade }.count) }
        return (counts, entries.filter { $0.needsGrading == true }.count)
    }

    private static func page(_ entries: [GradeBookEntry], _ page: PageRequest?) -> [GradeBookEntry] {
        let after = entries.filter { $0.attemptId > page?.after ?? 0 }.sorted { $0.attemptId < $1.attemptId }
        return page.map { Array(after.prefix($0.fetchLimit)) } ?? after
    }
}
