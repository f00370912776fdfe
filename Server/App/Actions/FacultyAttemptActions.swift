import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Extending attempts, as the API and the live page both do it: one attempt, or every attempt
/// of an exam that still runs (counted as one change against the faculty member's limit).
struct FacultyAttemptActions: Sendable {
    let attempts: FacultyAttemptRepository
    let limiter: RateLimiter
    let clock: ServerClock

    func extend(attemptID: Int, minutes: Int, facultyID: Int, logger: Logger) async throws -> FacultyAttemptSummary {
        let minutes = try ExamDayValidation.validate(ExtendAttemptRequest(minutes: minutes))
        try await limiter.admit(.examDayChangesPerFaculty, userID: facultyID, logger: logger)
        switch try await attempts.extend(attemptID: attemptID, facultyID: facultyID, minutes: minutes, now: clock.now(), logger: logger) {
        case .extended(let attempt): return attempt
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .refused(let refusal): throw Self.refused(refusal, attemptID: attemptID)
        }
    }

    /// Extends every attempt of the exam that is not submitted; how many were extended (an
    /// attempt without a deadline, or at its most, is left as it is).
    func extendAll(examID: Int, minutes: Int, facultyID: Int, logger: Logger) async throws -> Int {
        let minutes = try ExamDayValidation.validate(ExtendAttemptRequest(minutes: minutes))
        try await limiter.admit(.examDayChangesPerFaculty, userID: facultyID, logger: logger)
        guard let open = try await attempts.openAttempts(ofExam: examID, facultyID: facultyID, logger: logger) else {
            throw FacultyExamActions.noSuchExam(examID)
        }
        var extended = 0
        for attemptID in open {
            let outcome = try await attempts.extend(
                attemptID: attemptID, facultyID: facultyID, minutes: minutes, now: clock.now(), logger: logger)
            if case .extended = outcome { extended += 1 }
        }
        return extended
    }

    static func refused(_ refusal: AttemptExtension.Refusal, attemptID: Int) -> ActionRefusal {
        switch refusal {
        case .submitted: ActionRefusal.conflict("api-faculty.extend-submitted", ["attempt": .integer(attemptID)])
        case .noDeadline: ActionRefusal.conflict("api-faculty.extend-no-deadline", ["attempt": .integer(attemptID)])
        case .tooLong(let maxMinutes):
            ActionRefusal.conflict("api-faculty.extend-too-long", ["attempt": .integer(attemptID), "count": .integer(maxMinutes)])
        }
    }

    static func noSuchAttempt(_ attemptID: Int) -> ActionRefusal {
        ActionRefusal.notFound("api-faculty.no-attempt", ["attempt": .integer(attemptID)])
    }
}
