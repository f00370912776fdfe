import ExamPrepShared
import Foundation

/// Submitting an attempt, by its student or by the server once the attempt has ended: whether
/// final answers still count, who submitted it and as of when, its grade, and what its student
/// sees of the result. The repository reads the attempt, asks here, and stores the answer.
public struct Submission: Sendable, Hashable {
    /// When the attempt counts as submitted (`AttemptTiming.submissionTime`).
    public var submittedAt: Date
    /// The server submitted it: its time ran out.
    public var byServer: Bool
    /// Answers sent with the submit still count: the attempt had not ended.
    public var takesFinalAnswers: Bool

    public init(submittedAt: Date, byServer: Bool, takesFinalAnswers: Bool) {
        self.submittedAt = submittedAt
        self.byServer = byServer
        self.takesFinalAnswers = takesFinalAnswers
    }

    /// What a student's submit at `now` comes to.
    public enum StudentSubmit: Sendable, Hashable {
        /// Grade it as this submission says (the server's own when it had already ended).
        case grade(Submission)
        /// The server submitted it at its end before the student's submit arrived: the two met
        /// at the deadline, and the student gets the server's result (neither is a mistake).
        case serverResult
        /// The student submitted it before: a second submit is refused.
        case alreadySubmitted
    }

    public static func byStudent(_ timing: AttemptTiming, at now: Date) -> StudentSubmit {
        if timing.isSubmitted { return timing.submittedByServer ? .serverResult : .alreadySubmitted }
        let ended = timing.hasEnded(at: now)
        return .grade(Submission(submittedAt: timing.submissionTime(at: now), byServer: ended, takesFinalAnswers: !ended))
    }

    /// The server's own submission of an attempt past its end; nil while it runs, and once it
    /// is submitted.
    public static func byServer(_ timing: AttemptTiming, at now: Date) -> Submission? {
        guard timing.hasEnded(at: now) else { return nil }
        return Submission(submittedAt: timing.submissionTime(at: now), byServer: true, takesFinalAnswers: false)
    }

    /// The server's submission of an open attempt whose student's account is being deleted:
    /// as of now, or of its end if it had ended.
    public static func onAccountDeletion(_ timing: AttemptTiming, at now: Date) -> Submission {
        Submission(submittedAt: timing.submissionTime(at: now), byServer: true, takesFinalAnswers: false)
    }

    /// Grades what was saved (the final answers included): `Grader`, question by question.
    public func grade(_ questions: [StoredQuestion], answers: [AnswerInput]) -> Grading {
        Grader.grade(questions, answers: answers)
    }

    /// The graded attempt as its student may see it under `terms` at `now`.
    public func result(
        attemptID: Int, grading: Grading, questions: [StoredQuestion], terms: StudentTerms, at now: Date
    ) -> AttemptResult {
        ResultReview.result(
            attemptID: attemptID, submittedAt: submittedAt, autoSubmitted: byServer, grading: grading, questions: questions,
            showing: terms.review(at: now))
    }
}
