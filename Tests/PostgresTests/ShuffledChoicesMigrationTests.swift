import ExamPrepMigrations
import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

/// 036 makes shuffled choices the default: exams that can still be started (drafts, published
/// ones) shuffle from then on, a closed exam keeps the policy it ran with, and an attempt
/// already started keeps its order (its `choice_order` is not touched: NULL, the author's).
@Suite("The shuffled choices' migration", .hangGuard)
struct ShuffledChoicesMigrationTests {
    let logger = quietLogger("migration-tests")

    @Test func examsThatCanStillBeStartedShuffleRunningAttemptsKeepTheirOrder() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: false)
        try await withPool(database) { pool in
            try #require(Migration.bundled.contains { $0.name.hasPrefix("036_") })
            try await Migrator(pool: pool, migrations: Migration.bundled.filter { $0.name < "036" }, logger: logger).migrate()
            let exams = try await pool.query(
                """
                WITH teacher AS (
                    INSERT INTO users (email, password_hash, role_id) VALUES ('teacher@shuffle.example', 'x', 1) RETURNING id
                ), course AS (
                    INSERT INTO courses (name, description, course_code, user_id)
                    SELECT 'Shuffle', '', 'SHUF', id FROM teacher RETURNING id
                )
                INSERT INTO exams (course_id, title, status, closed_at, shuffle_choices)
                SELECT course.id, s.status, s.status, CASE WHEN s.status = 'closed' THEN now() END, s.shuffled
                FROM course, (VALUES ('draft', false), ('published', false), ('closed', false), ('published', true)) AS s(status, shuffled)
                RETURNING id, status
                """)
            let published = try #require(
                try exams.first { try $0.decode("status", as: String.self) == "published" }?.decode("id", as: Int.self))
            let attempt: Int = try await pool.query(
                """
                INSERT INTO attempts (exam_id, number, started_at, student_key)
                VALUES (\(published), 1, now(), convert_to('student', 'UTF8')) RETURNING id
                """
            ).single().decode("id")

            try await Migrator(pool: pool, logger: logger).migrate()

            let after = try await pool.query("SELECT status, shuffle_choices FROM exams ORDER BY id").map {
                "\(try $0.decode("status", as: String.self)) \(try $0.decode("shuffle_choices", as: Bool.self))"
            }
            #expect(after == ["draft true", "published true", "closed false", "published true"])
            let order: String? = try await pool.query("SELECT choice_order::text AS choice_order FROM attempts WHERE id = \(attempt)")
                .single().decode("choice_order")
            #expect(order == nil, "the running attempt keeps the author's order")
            let course: Int = try await pool.query("SELECT id FROM courses").single().decode("id")
            let fresh: Bool = try await pool.query(
                "INSERT INTO exams (course_id, title) VALUES (\(course), 'New') RETURNING shuffle_choices"
            ).single().decode("shuffle_choices")
            #expect(fresh)
        }
    }
}
