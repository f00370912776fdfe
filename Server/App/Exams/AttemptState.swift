import Foundation

/// An attempt as the rules need it: when it ends, whether it is still open.
struct AttemptState: Sendable {
    var id: Int
    var examID: Int
    var courseID: Int
    var number: Int
    var startedAt: Date
    /// min(startedAt + time limit, closesAt), fixed when the attempt started.
    var deadline: Date?
    /// When the faculty member closed the exam: no attempt goes on past it.
    var examClosedAt: Date?
    var submittedAt: Date?
    var title: String
    var instructions: String

    /// The moment the attempt ends by itself, if any.
    var effectiveDeadline: Date? {
        [deadline, examClosedAt].compactMap { $0 }.min()
    }

    var isSubmitted: Bool { submittedAt != nil }

    /// Open, but past its deadline: it is to be submitted with what was saved.
    func hasExpired(at now: Date) -> Bool {
        guard !isSubmitted, let end = effectiveDeadline else { return false }
        return now >= end
    }

    /// When an attempt graded now counts as submitted: now, or its deadline if that passed.
    func submissionTime(at now: Date) -> Date {
        guard let end = effectiveDeadline, end < now else { return now }
        return end
    }
}
