import ExamPrepShared
import Foundation
import Logging

/// A student's attempt as the attempt page and `GET /api/students/attempts/{attemptId}` show
/// it, with the questions they flagged. A running attempt is one round trip
/// (`AttemptRepository.running`); any other is read the long way: past its end it is first
/// submitted with what was saved (`ExpiredAttemptRepository`), then read with its result.
struct AttemptReader: Sendable {
    let attempts: AttemptRepository
    let expired: ExpiredAttemptRepository
    let flags: AttemptFlagRepository

    struct Read: Sendable {
        var attempt: StudentAttempt
        var flagged: [Int]
        /// Its exam's integrity rules and its place, when read with a running attempt (the
        /// question page needs no statement of its own for them); nil when read the long way.
        var integrity: AttemptIntegrity?
    }

    /// Nil: not the student's attempt, or one of a course they left.
    func read(attemptID: Int, studentID: Int, now: Date, logger: Logger) async throws -> Read? {
        switch try await attempts.running(attemptID: attemptID, studentID: studentID, now: now, logger: logger) {
        case .running(let attempt, let flagged, let integrity): return Read(attempt: attempt, flagged: flagged, integrity: integrity)
        case .notFound: return nil
        case .other: break
        }
        try await expired.submit(attemptID: attemptID, studentID: studentID, now: now, logger: logger)
        guard let attempt = try await attempts.attempt(id: attemptID, studentID: studentID, now: now, logger: logger) else { return nil }
        // A submitted attempt has no flags to show (the review does not show them).
        let flagged = attempt.submittedAt == nil ? try await flags.flags(attemptID: attemptID, logger: logger) : []
        return Read(attempt: attempt, flagged: flagged)
    }
}
