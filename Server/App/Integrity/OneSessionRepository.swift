import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// One place per attempt (`ExamPolicy.oneSession`, migration 046): which place an attempt
/// belongs to, claimed when it starts and moved when another place asks; each move is kept in
/// the attempt's log (`moved`), at most `maxMoves` an attempt.
struct OneSessionRepository: Sendable {
    let pool: PostgresPool

    /// The most moves of one attempt: a student moves a few times, a script would grow the log.
    static let maxMoves = 100

    /// The place an attempt belongs to after `claim`: this request's, or another's since then.
    enum Claim: Sendable, Equatable {
        /// The exam has no such rule: every place may save.
        case anyPlace
        case here(String)
        case elsewhere(since: Date?)
    }

    /// A running attempt of an exam with one place that no place claimed yet becomes `place`'s
    /// (a new attempt, or one that started before the rule was set); otherwise it stays where
    /// it is. Answers where it belongs now.
    func claim(attemptID: Int, place: String, now: Date, logger: Logger) async throws -> Claim {
        let rows = try await pool.query(
            """
            WITH claimed AS (
                UPDATE attempts a SET place = \(place), place_since = \(now)
                FROM exams e
                WHERE a.id = \(attemptID) AND e.id = a.exam_id AND e.one_session AND a.place IS NULL AND a.submitted_at IS NULL
                RETURNING a.place, a.place_since
            )
            SELECT e.one_session, coalesce(c.place, a.place) AS place, coalesce(c.place_since, a.place_since) AS place_since
            FROM attempts a JOIN exams e ON e.id = a.exam_id LEFT JOIN claimed c ON true
            WHERE a.id = \(attemptID)
            """, logger: logger)
        guard let row = rows.first, try row.decode("one_session") as Bool else { return .anyPlace }
        let current: String? = try row.decode("place")
        return current == place ? .here(place) : .elsewhere(since: try row.decode("place_since"))
    }

    enum Moving: Sendable, Equatable {
        case moved(AttemptPlace)
        /// Not the student's attempt.
        case notFound
        /// Submitted, or its exam keeps no place.
        case notMovable
        /// `maxMoves` moves already.
        case tooManyMoves
    }

    /// Moves the student's running attempt to `place`, and keeps the move in its log.
    func move(attemptID: Int, studentID: Int, place: String, now: Date, logger: Logger) async throws -> Moving {
        try await pool.transaction(logger: logger) { transaction in
            let rows = try await transaction.query(
                """
                SELECT a.submitted_at IS NULL AS running, e.one_session, a.place, a.place_moves
                FROM attempts a JOIN exams e ON e.id = a.exam_id
                WHERE a.id = \(attemptID) AND a.student_id = \(studentID)
                FOR UPDATE OF a
                """)
            guard let row = rows.first else { return .notFound }
            guard try row.decode("running") as Bool, try row.decode("one_session") as Bool else { return .notMovable }
            let moves: Int = try row.decode("place_moves")
            let current: String? = try row.decode("place")
            // Moving to where it is already changes nothing and counts nothing.
            if current == place {
                let since: Date? = try await transaction.query("SELECT place_since FROM attempts WHERE id = \(attemptID)").first?
                    .decode("place_since")
                return .moved(AttemptPlace(attemptId: attemptID, place: place, since: since ?? now, moves: moves))
            }
            guard moves < Self.maxMoves else { return .tooManyMoves }
            try await transaction.execute(
                """
                UPDATE attempts SET place = \(place), place_since = \(now), place_moves = place_moves + 1 WHERE id = \(attemptID)
                """)
            try await transaction.execute(
                """
                INSERT INTO attempt_events (attempt_id, at, kind, detail)
                VALUES (\(attemptID), \(now), \(AttemptEventKind.moved.rawValue), NULL)
                """)
            return .moved(AttemptPlace(attemptId: attemptID, place: place, since: now, moves: moves + 1))
        }
    }
}

extension AttemptPlace: ResponseEncodable {}
