import ExamPrepExams
import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

@testable import ExamPrepServer

/// When an exam is over for everyone, what a review shows and whether an exam counts as open
/// are decided in Swift (`ExamTerms.overAt`, `isOpenForAnyone`, `StudentTerms.review`) from the
/// terms and extent the server reads (`StudentTermsColumns`); the lists of mistakes and the
/// practice draws filter whole sets of exams with the SQL functions of migration 020. This
/// holds those functions to the Swift rules over exams with and without a window, closed by
/// hand, with overrides opening earlier or later and closing later or earlier, and with
/// attempts still running: in grace, past their end, without a deadline.
@Suite("The SQL open, over and review functions agree with the exam's rules", .hangGuard)
struct ExamExtentSQLTests {
    /// One exam, its times in seconds from now.
    struct Scenario {
        var opens: Double? = nil
        var closes: Double? = nil
        var closedByHand: Double? = nil
        var draft = false
        /// Other students' overrides: (opens, closes).
        var overrides: [(Double?, Double?)] = []
        /// Other students' attempts still running, by deadline (nil: none).
        var running: [Double?] = []
    }

    static let scenarios: [Scenario] = [
        Scenario(),
        Scenario(closes: -60),
        Scenario(closes: 60),
        Scenario(closes: -60, running: [30]),
        Scenario(closes: -60, running: [-40]),
        Scenario(closes: -60, running: [nil]),
        Scenario(closes: 60, running: [90, -10]),
        Scenario(closes: -60, closedByHand: -30, running: [30]),
        Scenario(closedByHand: -5),
        Scenario(opens: 30, closes: 120),
        Scenario(opens: 30, closes: 120, overrides: [(-60, nil)]),
        Scenario(opens: 30, closes: 120, overrides: [(60, 200), (nil, nil)]),
        Scenario(opens: 30, overrides: [(10, nil)]),
        Scenario(closes: -60, overrides: [(nil, 45)]),
        Scenario(closes: -60, overrides: [(nil, -90), (nil, 20)], running: [-50]),
        Scenario(opens: -120, closes: -60, overrides: [(nil, nil)]),
        Scenario(closes: 60, draft: true),
    ]
    static let offsets: [Int] = [
        -7200, -120, -61, -60, -59, -41, -40, -31, -30, -21, -20, -11, -10, 0, 9, 10, 11, 29, 30, 44, 45, 50, 59,
        60, 80, 90, 110, 119, 120, 199, 200, 7200,
    ]

    @Test func examOverAtReviewItemsAndOpenAtDecideAsTheSwiftRules() async throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let at = { (seconds: Double?) in seconds.map { now.addingTimeInterval($0) } }
        try await RuleDatabase.run(courseCode: "XTNT") { database in
            let (pool, logger, student, course) = (database.pool, database.logger, database.student, database.course)
            var others: [Int] = []
            for index in 0..<2 {
                others.append(
                    try await pool.query(
                        "INSERT INTO users (email, password_hash, role_id) VALUES (\("other\(index)@example.org"), 'x', 2) RETURNING id",
                        logger: logger
                    ).single().decode("id"))
            }
            var compared = 0
            var sawOverLater = false
            for scenario in Self.scenarios {
                let status = scenario.draft ? "draft" : scenario.closedByHand == nil ? "published" : "closed"
                let examID: Int = try await pool.query(
                    """
                    INSERT INTO exams (course_id, title, status, opens_at, closes_at, closed_at, grace_seconds, review_after_submit,
                                       review_after_close)
                    VALUES (\(course), 'E', \(status), \(at(scenario.opens)), \(at(scenario.closes)), \(at(scenario.closedByHand)), 20,
                            '{score}', '{score,correctness,answers}')
                    RETURNING id
                    """, logger: logger
                ).single().decode("id")
                for (other, window) in zip(others, scenario.overrides) {
                    try await pool.execute(
                        """
                        INSERT INTO exam_overrides (exam_id, student_id, opens_at, closes_at)
                        VALUES (\(examID), \(other), \(at(window.0)), \(at(window.1)))
                        """, logger: logger)
                }
                for (other, deadline) in zip(others, scenario.running) {
                    try await pool.execute(
                        """
                        INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline)
                        VALUES (\(examID), \(other), student_key(\(other)), 1, \(now.addingTimeInterval(-3600)), \(at(deadline)))
                        """, logger: logger)
                }
                let rows = try await pool.query(
                    """
                    SELECT s.offset_seconds, exam_over_at(e.id) AS over_at,
                           array_to_string(exam_review_items(e.id, \(now) + make_interval(secs => s.offset_seconds)), ',') AS items,
                           exam_open_at(e.id, \(now) + make_interval(secs => s.offset_seconds)) AS open,
                           \(unescaped: StudentTermsColumns.select)
                    FROM exams e
                    LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = \(student)
                    LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = \(student)
                    CROSS JOIN unnest(\(PostgresArray(Self.offsets))) AS s(offset_seconds)
                    WHERE e.id = \(examID)
                    """, logger: logger)
                for row in rows {
                    let offset = Double(try row.decode("offset_seconds", as: Int.self))
                    let time = now.addingTimeInterval(offset)
                    // Once an exam is closed by hand, the clock never reads a time before it.
                    if let closed = at(scenario.closedByHand), time < closed { continue }
                    let terms = try StudentTermsColumns.terms(row)
                    let label = "\(scenario) at \(offset) s"
                    #expect(try row.decode("over_at", as: Date?.self) == terms.exam.overAt, "\(label)")
                    let items = try row.decode("items", as: String.self).split(separator: ",").compactMap {
                        ReviewItem(rawValue: String($0))
                    }
                    #expect(Set(items) == terms.review(at: time), "\(label)")
                    #expect(try row.decode("open", as: Bool.self) == terms.exam.isOpenForAnyone(at: time), "\(label)")
                    if let over = terms.exam.overAt, let closes = terms.exam.closesAt, over > closes { sawOverLater = true }
                    compared += 1
                }
            }
            #expect(compared > 400)
            // Some exams are over after their closing: the cases that tell the rules from a plain closing.
            #expect(sawOverLater)
        }
    }
}
