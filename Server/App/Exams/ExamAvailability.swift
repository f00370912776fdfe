import ExamPrepShared
import Foundation

/// What a student may do at an exam now, as their list of exams shows it: continue the attempt
/// they have open, start one, or why not. Starting checks every rule again (and says so when
/// a pause between attempts is still running).
enum ExamAvailability: Sendable, Equatable {
    case continueAttempt(attemptID: Int)
    case start
    case opensAt(Date)
    case closed
    case noAttemptsLeft(maxAttempts: Int)

    init(_ exam: StudentExamSummary, now: Date) {
        if let open = exam.openAttemptId {
            self = .continueAttempt(attemptID: open)
        } else if let closes = exam.closesAt, now >= closes {
            self = .closed
        } else if exam.attemptsUsed >= exam.maxAttempts {
            self = .noAttemptsLeft(maxAttempts: exam.maxAttempts)
        } else if let opens = exam.opensAt, now < opens {
            self = .opensAt(opens)
        } else {
            self = .start
        }
    }

    var canStart: Bool {
        switch self {
        case .continueAttempt, .start: true
        default: false
        }
    }
}
