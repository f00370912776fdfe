import ExamPrepShared
import Foundation

/// What an exam says for everyone, as far as the rules of its attempts need it.
public struct ExamTerms: Sendable, Hashable {
    public var status: ExamStatus
    public var opensAt: Date?
    public var closesAt: Date?
    /// When its faculty member closed it: no attempt goes on past that moment, grace or not.
    public var closedAt: Date?
    /// How far it reaches past its own window across all its students (overrides' windows,
    /// attempts still running): what decides when it is over for everyone (`overAt`).
    public var extent: ExamExtent
    public var maxAttempts: Int
    public var timeLimitMinutes: Int?
    public var policy: ExamPolicy

    public init(
        status: ExamStatus, opensAt: Date? = nil, closesAt: Date? = nil, closedAt: Date? = nil, extent: ExamExtent = ExamExtent(),
        maxAttempts: Int = 1, timeLimitMinutes: Int? = nil, policy: ExamPolicy = ExamPolicy()
    ) {
        self.status = status
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.closedAt = closedAt
        self.extent = extent
        self.maxAttempts = maxAttempts
        self.timeLimitMinutes = timeLimitMinutes
        self.policy = policy
    }
}

/// One student's own terms at one exam: the exam's, changed by the student's override of it
/// (a window, extra attempts, a time limit of their own) and by their accommodation in the
/// course (more time). Every rule that asks "for this student" asks here.
public struct StudentTerms: Sendable, Hashable {
    public var exam: ExamTerms
    public var override: ExamOverride?
    public var accommodation: Accommodation?

    public init(exam: ExamTerms, override: ExamOverride? = nil, accommodation: Accommodation? = nil) {
        self.exam = exam
        self.override = override
        self.accommodation = accommodation
    }

    /// The student's window: the override's ends where it sets them, the exam's elsewhere.
    public var opensAt: Date? { override?.opensAt ?? exam.opensAt }
    public var closesAt: Date? { override?.closesAt ?? exam.closesAt }

    /// The exam's attempts plus the override's extra ones.
    public var maxAttempts: Int { exam.maxAttempts + (override?.extraAttempts ?? 0) }

    /// The student's time limit: the override's (else the exam's), times the accommodation's
    /// multiplier rounded up to a whole minute, plus its extra minutes. Nil: no limit.
    public var timeLimitMinutes: Int? {
        guard let limit = override?.timeLimitMinutes ?? exam.timeLimitMinutes else { return nil }
        // The multiplier is kept to two decimals (numeric(4,2)): in hundredths the product is
        // exact, where 30 × 1.1 in binary floating point rounds up to 34.
        let hundredths = accommodation?.timeMultiplier.flatMap { Int(exactly: ($0 * 100).rounded()) } ?? 100
        return (limit * hundredths + 99) / 100 + (accommodation?.extraMinutes ?? 0)
    }

    /// The exam's time limit, when the student's differs from it ("60 min, extended from 30").
    public var baseTimeLimitMinutes: Int? {
        timeLimitMinutes == exam.timeLimitMinutes ? nil : exam.timeLimitMinutes
    }

    /// When an attempt started at `startedAt` ends by itself: its start plus the student's time
    /// limit, never later than the student's closing time, then plus the minutes a faculty
    /// member extended it by. Nil: never (no limit and no closing). Worked out here only;
    /// the database keeps the result with the attempt (`attempts.deadline`) and it is worked
    /// out again whenever an accommodation, override or extension changes.
    public func deadline(startedAt: Date, extensionMinutes: Int) -> Date? {
        let byLimit = timeLimitMinutes.map { startedAt.addingTimeInterval(TimeInterval($0) * 60) }
        let capped = [byLimit, closesAt].compactMap { $0 }.min()
        return capped?.addingTimeInterval(TimeInterval(extensionMinutes) * 60)
    }

    /// What the student may see of a submitted attempt at `now` (Moodle's review options): the
    /// exam's options for after its closing once it is over for everyone, else those for right
    /// after submitting.
    public func review(at now: Date) -> Set<ReviewItem> {
        Set(exam.isOver(at: now) ? exam.policy.review.afterClose : exam.policy.review.afterSubmit)
    }
}
