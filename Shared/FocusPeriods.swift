import Foundation

/// One time the attempt page was left: when it lost the student's attention (hidden, or the
/// window lost focus) and when it had it back.
public struct FocusPeriod: Codable, Sendable, Hashable {
    public var leftAt: Date
    public var backAt: Date

    public init(leftAt: Date, backAt: Date) {
        self.leftAt = leftAt
        self.backAt = backAt
    }
}

/// `POST /api/students/attempts/{attemptId}/focus` (and the attempt page's
/// `POST /attempts/{attemptId}/focus`): periods the page was left, at most
/// `FocusPeriodsRequest.maxPeriods` a request.
public struct FocusPeriodsRequest: Codable, Sendable, Hashable {
    public var periods: [FocusPeriod]

    /// The most periods one request may carry.
    public static let maxPeriods = 100

    public init(periods: [FocusPeriod]) { self.periods = periods }
}

/// The answer to a batch of focus periods: how many were kept, and how many were not (over the
/// attempt's bound, malformed, or the exam does not keep them).
public struct FocusPeriodsResponse: Codable, Sendable, Hashable {
    public var stored: Int
    public var ignored: Int

    public init(stored: Int, ignored: Int) {
        self.stored = stored
        self.ignored = ignored
    }
}
