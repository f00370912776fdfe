import ExamPrepExams
import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

@testable import ExamPrepServer

/// Which review options a student's result shows is decided in Swift (`StudentTerms.review`);
/// the lists of mistakes and due reviews filter whole sets of results in SQL with
/// `exam_review_items` (migration 020). This holds the SQL to the Swift rule for exams before
/// and after their closing, with an attempt still running past it, and closed by hand.
@Suite("The SQL review items agree with the review rule", .timeLimit(.minutes(3)))
struct ReviewItemsTests {
    @Test func examReviewItemsShowWhatStudentTermsReviewShows() async throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        try await RuleDatabase.run(courseCode: "REVW") { database in
            let (pool, logger, student, course) = (database.pool, database.logger, database.student, database.course)
            var compared = 0
            // (closes, closed by hand, a running attempt's deadline), each relative to now.
            let exams: [(closes: Double?, closed: Double?, running: Double?)] = [
                (nil, nil, nil), (-60, nil, nil), (60, nil, nil), (-60, nil, 30), (-60, nil, -40), (-60, -30, nil), (nil, -5, nil),
            ]
            for exam in exams {
                let closesAt = exam.closes.map { now.addingTimeInterval($0) }
                let closedAt = exam.closed.map { now.addingTimeInterval($0) }
                let examID: Int = try await pool.query(
                    """
                    INSERT INTO exams (course_id, title, status, closes_at, closed_at, grace_seconds, review_after_submit, review_after_close)
                    VALUES (\(course), 'E', \(closedAt == nil ? "published" : "closed"), \(closesAt), \(closedAt), 20,
                            '{score}', '{score,correctness,answers}')
                    RETURNING id
                    """, logger: logger
                ).single().decode("id")
                if let running = exam.running {
                    try await pool.execute(
                        """
                        INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline)
                        VALUES (\(examID), \(student), student_key(\(student)), 1, \(now.addingTimeInterval(-3600)),
                                \(now.addingTimeInterval(running)))
                        """, logger: logger)
                }
                for offset in [-120.0, -1, 0, 1, 45, 120] {
                    let at = now.addingTimeInterval(offset)
                    // Once an exam is closed by hand, the clock never reads a time before it.
                    if let closedAt, at < closedAt { continue }
                    let row = try await pool.query(
                        """
                        SELECT array_to_string(exam_review_items(e.id, \(at)), ',') AS items, \(unescaped: StudentTermsColumns.select)
                        FROM exams e
                        LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = \(student)
                        LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = \(student)
                        WHERE e.id = \(examID)
                        """, logger: logger
                    ).single()
                    let sql = Set(
                        try row.decode("items", as: String.self).split(separator: ",").compactMap { ReviewItem(rawValue: String($0)) })
                    #expect(sql == (try StudentTermsColumns.terms(row)).review(at: at), "exam \(exam) at \(offset) s")
                    compared += 1
                }
            }
            #expect(compared == 40)
        }
    }
}
