import ExamPrepShared
import Foundation

/// How far an exam reaches past its own window, across all its students: the windows its
/// overrides give some of them, and the attempts still running. Read for the whole exam, not
/// for one student (`StudentTermsColumns` aggregates it in the same statement as the terms).
public struct ExamExtent: Sendable, Hashable {
    /// The earliest opening an override sets (nil: none sets one).
    public var earliestOverrideOpening: Date?
    /// The latest closing an override sets (nil: none sets one).
    public var latestOverrideClosing: Date?
    /// The latest deadline of an attempt not yet submitted (nil: none with a deadline).
    public var latestRunningDeadline: Date?
    /// An attempt without a deadline is not yet submitted: it runs until its faculty member
    /// closes the exam.
    public var runsWithoutDeadline: Bool

    public init(
        earliestOverrideOpening: Date? = nil, latestOverrideClosing: Date? = nil, latestRunningDeadline: Date? = nil,
        runsWithoutDeadline: Bool = false
    ) {
        self.earliestOverrideOpening = earliestOverrideOpening
        self.latestOverrideClosing = latestOverrideClosing
        self.latestRunningDeadline = latestRunningDeadline
        self.runsWithoutDeadline = runsWithoutDeadline
    }
}

/// When an exam counts as open and when it is over, for everyone at once: after its closing,
/// students in their grace period, with an extension or in an override's later window may
/// still be answering it, so its after-close review (right answers, by default) and practice of
/// its questions wait until they are done. The lists of mistakes and the practice draws filter
/// whole sets of exams in SQL (`exam_over_at`, `exam_review_items`, `exam_open_at`, migration
/// 020); `ExamExtentTests` holds those functions to the rules here.
extension ExamTerms {
    /// The moment the exam is over for everyone: its closing by hand once it is closed; else
    /// the latest of its closing, every override's closing and the end of the last attempt
    /// still running (its deadline plus the grace period, as `AttemptTiming.end` says). Nil:
    /// not before its faculty member closes it (no closing, or an attempt without a deadline).
    public var overAt: Date? {
        if status == .closed { return closedAt }
        guard let closesAt, !extent.runsWithoutDeadline else { return nil }
        let lastEnd = extent.latestRunningDeadline.flatMap { AttemptTiming(startedAt: $0, deadline: $0, exam: self).end }
        return [closesAt, extent.latestOverrideClosing, lastEnd].compactMap { $0 }.max()
    }

    /// Whether no attempt can run any more at `now`: closed by hand, or past `overAt`.
    public func isOver(at now: Date) -> Bool {
        status == .closed || overAt.map { now >= $0 } == true
    }

    /// Whether the exam is open for anyone at `now`: published, someone may start it by now
    /// (its opening, or an override's earlier one; none: from its publishing), and not over.
    /// The gap before an override's later window, a grace period and an extension count as open.
    public func isOpenForAnyone(at now: Date) -> Bool {
        guard status == .published, !isOver(at: now) else { return false }
        guard let opensAt else { return true }
        return min(opensAt, extent.earliestOverrideOpening ?? opensAt) <= now
    }
}
