import ExamPrepShared
import Foundation

/// Where an attempt stands, as its student and their teacher see it.
public enum AttemptState: Sendable, Hashable {
    /// Answers are taken; it ends by itself at `deadline` (nil: never).
    case inProgress(deadline: Date?)
    /// Its time ran out at `deadline`, but saves that were on their way still count until
    /// `graceEndsAt`, when the server submits it.
    case overdue(deadline: Date, graceEndsAt: Date)
    /// Its student submitted it.
    case submitted(at: Date)
    /// The server submitted it, with what was saved, at the moment its time ran out (also an
    /// attempt past its end that the server is about to submit).
    case submittedByServer(at: Date)
}

/// When one attempt ends, and where it stands at a given moment. `now` is always passed in
/// (the database's clock); nothing here reads a clock.
public struct AttemptTiming: Sendable, Hashable {
    public var startedAt: Date
    /// When it ends by itself (`StudentTerms.deadline`, kept with the attempt).
    public var deadline: Date?
    /// When its faculty member closed the exam.
    public var examClosedAt: Date?
    /// Seconds after `deadline` that saves still count (the exam's grace period).
    public var graceSeconds: Int
    public var submittedAt: Date?
    /// The server submitted it (its time ran out), not its student.
    public var submittedByServer: Bool

    public init(
        startedAt: Date, deadline: Date?, examClosedAt: Date? = nil, graceSeconds: Int = 0, submittedAt: Date? = nil,
        submittedByServer: Bool = false
    ) {
        self.startedAt = startedAt
        self.deadline = deadline
        self.examClosedAt = examClosedAt
        self.graceSeconds = graceSeconds
        self.submittedAt = submittedAt
        self.submittedByServer = submittedByServer
    }

    /// An attempt of the exam `exam` (its closing and grace period).
    public init(startedAt: Date, deadline: Date?, exam: ExamTerms, submittedAt: Date? = nil, submittedByServer: Bool = false) {
        self.init(
            startedAt: startedAt, deadline: deadline, examClosedAt: exam.closedAt, graceSeconds: exam.policy.graceSeconds,
            submittedAt: submittedAt, submittedByServer: submittedByServer)
    }

    /// The moment its time runs out: its deadline, or the exam's closing if that came first.
    public var effectiveDeadline: Date? {
        [deadline, examClosedAt].compactMap { $0 }.min()
    }

    /// The moment it ends: its deadline plus the grace period (for saves on their way), or at
    /// once when its faculty member closes the exam. Nil: never.
    public var end: Date? {
        let graced = deadline.map { $0.addingTimeInterval(TimeInterval(graceSeconds)) }
        return [graced, examClosedAt].compactMap { $0 }.min()
    }

    public var isSubmitted: Bool { submittedAt != nil }

    /// Open, but past its end: to be submitted by the server with what was saved.
    public func hasEnded(at now: Date) -> Bool {
        guard !isSubmitted, let end else { return false }
        return now >= end
    }

    /// Whether a save (or a submit's final answers) still counts.
    public func takesAnswers(at now: Date) -> Bool {
        !isSubmitted && !hasEnded(at: now)
    }

    /// When an attempt graded now counts as submitted: now, or, once its end has passed, the
    /// moment its time ran out (the grace period is for saves on their way, not more time).
    public func submissionTime(at now: Date) -> Date {
        guard let end, now >= end else { return now }
        return effectiveDeadline ?? end
    }

    public func state(at now: Date) -> AttemptState {
        if let submittedAt { return submittedByServer ? .submittedByServer(at: submittedAt) : .submitted(at: submittedAt) }
        if hasEnded(at: now) { return .submittedByServer(at: submissionTime(at: now)) }
        if let due = effectiveDeadline, now >= due, let end { return .overdue(deadline: due, graceEndsAt: end) }
        return .inProgress(deadline: effectiveDeadline)
    }
}
