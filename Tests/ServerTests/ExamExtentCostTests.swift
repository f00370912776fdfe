import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

@testable import ExamPrepServer

/// Every save, start and exam page reads the exam's extent (`StudentTermsColumns`: the latest
/// deadline of the attempts still running, and whether one runs without a deadline). That
/// read must not grow with the school: here two exams have 1,500 running attempts each, the
/// other exam's deadlines later than this one's, and a save's read and a start's snapshot of
/// the exam read a few rows, before PostgreSQL's statistics know the attempts (as at an exam's
/// start) and after. (Another exam's running attempts without a deadline can still be walked
/// by the question whether this one has any, when PostgreSQL takes the sweep's index of all
/// running attempts by deadline for it.)
@Suite("The exam's extent is one look-up however many attempts run", .hangGuard)
struct ExamExtentCostTests {
    static let running = 1500
    /// Rows a save's read or a start's snapshot may read: the attempt, its exam, course,
    /// enrollment, questions and kept keys, one or a few each; not the running attempts.
    static let rowsAtMost = 40

    @Test func aSaveAndAStartReadAFewRowsWhateverTheRunningAttemptsAre() async throws {
        try await RuleDatabase.run(courseCode: "XCST") { database in
            let (pool, logger, student, course) = (database.pool, database.logger, database.student, database.course)
            let exams: [Int] = try await pool.query(
                """
                INSERT INTO exams (course_id, title, status, time_limit_minutes)
                VALUES (\(course), 'This one', 'published', 60), (\(course), 'The other', 'published', NULL)
                RETURNING id
                """, logger: logger
            ).map { try $0.decode("id") }
            let (exam, other) = try (#require(exams.min()), #require(exams.max()))
            try await pool.execute(
                "INSERT INTO enrollments (course_id, user_id) VALUES (\(course), \(student))", logger: logger)
            let attempt: Int = try await pool.query(
                """
                INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline)
                VALUES (\(exam), \(student), student_key(\(student)), 1, now(), now() + interval '1 hour')
                RETURNING id
                """, logger: logger
            ).single().decode("id")
            // Students whose accounts are gone still hold running attempts (student_id NULL):
            // this exam's end within the hour, the other's later.
            try await pool.execute(
                """
                INSERT INTO attempts (exam_id, student_key, number, started_at, deadline)
                SELECT e.exam, convert_to(e.exam || '-' || n, 'UTF8'), 1, now(),
                       CASE WHEN e.exam = \(exam) THEN now() + n * interval '1 second'
                            ELSE now() + interval '2 hours' + n * interval '1 second' END
                FROM unnest(ARRAY[\(exam), \(other)]::bigint[]) AS e(exam), generate_series(1, \(Self.running)) AS n
                """, logger: logger)

            for statistics in ["before ANALYZE", "after ANALYZE"] {
                if statistics == "after ANALYZE" { try await pool.execute("ANALYZE attempts", logger: logger) }
                let save = try await rowsRead(
                    AttemptSave.read(attemptID: attempt, studentID: student, idempotencyKey: "k1"), pool: pool, logger: logger)
                let start = try await rowsRead(
                    StudentExamSnapshots.query(studentID: student, .exam(exam)), pool: pool, logger: logger)
                #expect(save <= Self.rowsAtMost, "a save's read, \(statistics): \(save) rows")
                #expect(start <= Self.rowsAtMost, "a start's snapshot, \(statistics): \(start) rows")
            }
        }
    }

    /// The rows the statement's scans read as it ran (with its subqueries): those they
    /// returned and those their filters removed.
    func rowsRead(_ query: PostgresQuery, pool: PostgresPool, logger: Logger) async throws -> Int {
        let explained = PostgresQuery(unsafeSQL: "EXPLAIN (ANALYZE, FORMAT JSON) " + query.sql, binds: query.binds)
        let text: String = try await pool.query(explained, logger: logger).single().decode("QUERY PLAN")
        let plans = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        return rowsRead(try #require(plans.first?["Plan"] as? [String: Any]))
    }

    func rowsRead(_ node: [String: Any]) -> Int {
        let count = { (key: String) in (node[key] as? Int) ?? 0 }
        let own =
            ((node["Node Type"] as? String)?.hasSuffix("Scan") ?? false)
            ? count("Actual Rows") * max(1, count("Actual Loops")) + count("Rows Removed by Filter")
                + count("Rows Removed by Index Recheck")
            : 0
        return own + ((node["Plans"] as? [[String: Any]]) ?? []).reduce(0) { $0 + rowsRead($1) }
    }
}
