import ExamPrepMigrations
import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

/// 032 moves the Idempotency-Keys kept before it into the attempt's key slots: a school that
/// upgrades during an exam keeps its students' retries answered as they were.
@Suite("The save key slots' migration", .hangGuard)
struct SaveKeySlotsMigrationTests {
    let logger = quietLogger("migration-tests")

    @Test("the keys kept fill the slots from the oldest, the newest 20 of them, and the next save takes the slot after them")
    func keptKeysFillTheSlots() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: false)
        try await withPool(database) { pool in
            let before = Migration.bundled.filter { $0.name < "032" }
            try #require(Migration.bundled.contains { $0.name.hasPrefix("032_") })
            try await Migrator(pool: pool, migrations: before, logger: logger).migrate()
            let ids = try await pool.query(
                """
                WITH teacher AS (
                    INSERT INTO users (email, password_hash, role_id) VALUES ('teacher@slots.example', 'x', 1) RETURNING id
                ), course AS (
                    INSERT INTO courses (name, description, course_code, user_id)
                    SELECT 'Slots', '', 'SLOT', id FROM teacher RETURNING id
                ), exam AS (
                    INSERT INTO exams (course_id, title) SELECT id, 'Slots' FROM course RETURNING id
                )
                INSERT INTO attempts (exam_id, number, started_at, student_key)
                SELECT exam.id, n, now(), convert_to('student-' || n, 'UTF8') FROM exam, generate_series(1, 3) AS n
                RETURNING id
                """)
            let attempts = try ids.map { try $0.decode("id", as: Int.self) }.sorted()
            try #require(attempts.count == 3)
            // The first attempt kept 22 keys (more than the 20 the earlier version kept), the
            // second 3, the third none. Key kNN was saved NN seconds after the first.
            try await pool.execute(
                """
                INSERT INTO attempt_saves (attempt_id, idempotency_key, response, saved_at)
                SELECT \(attempts[0]), 'k' || lpad(n::text, 2, '0'), '{}'::jsonb, timestamptz '2026-11-28 09:00:00+00' + n * interval '1 second'
                FROM generate_series(0, 21) AS n
                UNION ALL
                SELECT \(attempts[1]), 'k' || lpad(n::text, 2, '0'), '{}'::jsonb, timestamptz '2026-11-28 09:00:00+00' + n * interval '1 second'
                FROM generate_series(0, 2) AS n
                """)

            try await Migrator(pool: pool, logger: logger).migrate()

            func slots(_ attempt: Int) async throws -> [String] {
                try await pool.query("SELECT idempotency_key FROM attempt_saves WHERE attempt_id = \(attempt) ORDER BY slot")
                    .map { try $0.decode("idempotency_key", as: String.self) }
            }
            func next(_ attempt: Int) async throws -> Int? {
                try await pool.query("SELECT save_key_slot::bigint AS save_key_slot FROM attempts WHERE id = \(attempt)").first?.decode(
                    "save_key_slot")
            }
            #expect(try await slots(attempts[0]) == (2...21).map { "k" + String(format: "%02d", $0) })
            #expect(try await next(attempts[0]) == 0, "all 20 slots in use: the next key takes the oldest's")
            #expect(try await slots(attempts[1]) == ["k00", "k01", "k02"])
            #expect(try await next(attempts[1]) == 3)
            #expect(try await slots(attempts[2]).isEmpty)
            #expect(try await next(attempts[2]) == 0)
            let unslotted = try await pool.query("SELECT count(*) AS n FROM attempt_saves WHERE slot IS NULL").first?.decode(
                "n", as: Int.self)
            #expect(unslotted == 0)
        }
    }
}
