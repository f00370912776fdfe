import ExamPrepExams
import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

@testable import ExamPrepServer

/// When an attempt has ended is decided in Swift (`AttemptTiming.hasEnded`); the sweep finds
/// the candidates among all attempts with SQL (`ExpiredAttemptRepository.ended`). This holds the SQL to
/// the Swift rule over every kind of attempt: with and without a deadline, before, at and past
/// it, with and without grace, in an exam closed before or after it.
@Suite("The sweep's statement agrees with the attempt's end", .hangGuard)
struct AttemptEndTests {
    @Test func theSweepFindsExactlyTheAttemptsWhoseEndHasCome() async throws {
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        try await RuleDatabase.run(courseCode: "ENDS") { database in
            let (pool, logger, student, course) = (database.pool, database.logger, database.student, database.course)
            var expected: [Int: Bool] = [:]
            for deadline in [nil, -120.0, -30, 0, 30].map({ $0.map { now.addingTimeInterval($0) } }) {
                for grace in [0, 60] {
                    for closedAt in [nil, -10.0, 10].map({ $0.map { now.addingTimeInterval($0) } }) {
                        let exam: Int = try await pool.query(
                            """
                            INSERT INTO exams (course_id, title, status, closed_at, grace_seconds)
                            VALUES (\(course), 'E', \(closedAt == nil ? "published" : "closed"), \(closedAt), \(grace))
                            RETURNING id
                            """, logger: logger
                        ).single().decode("id")
                        let attempt: Int = try await pool.query(
                            """
                            INSERT INTO attempts (exam_id, student_id, student_key, number, started_at, deadline)
                            VALUES (\(exam), \(student), student_key(\(student)), 1, \(now.addingTimeInterval(-3600)), \(deadline))
                            RETURNING id
                            """, logger: logger
                        ).single().decode("id")
                        let timing = AttemptTiming(
                            startedAt: now.addingTimeInterval(-3600), deadline: deadline, examClosedAt: closedAt, graceSeconds: grace)
                        expected[attempt] = timing.hasEnded(at: now)
                    }
                }
            }
            let found = Set(
                try await pool.query(ExpiredAttemptRepository.ended(now: now, limit: nil), logger: logger).map {
                    try $0.decode("id", as: Int.self)
                })
            #expect(expected.count == 30)
            #expect(found == Set(expected.filter(\.value).keys))
            // Both kinds of end occur: by deadline and grace, and by closing.
            #expect(expected.values.contains(true) && expected.values.contains(false))
        }
    }
}
