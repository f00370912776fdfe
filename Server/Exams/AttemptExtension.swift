import Foundation

/// A faculty member's extension of a running attempt: more minutes before its deadline (the
/// new deadline is `StudentTerms.deadline` with the minutes in all).
public enum AttemptExtension {
    /// The most minutes one attempt may be extended by, in all (a week): what the database
    /// allows (`attempts_extension_check`, migration 015), so that a larger sum is refused with
    /// its reason instead of failing the CHECK.
    public static let maxMinutes = 10_080

    /// Why an attempt may not be extended.
    public enum Refusal: Sendable, Hashable {
        /// It is submitted: nothing runs to extend.
        case submitted
        /// It has no deadline to move (no time limit, no closing).
        case noDeadline
        /// The extensions would add up to more than `maxMinutes`.
        case tooLong(maxMinutes: Int)
    }

    /// Why the attempt of `timing`, extended by `extendedMinutes` so far, may not be extended by
    /// `minutes` more; nil: it may.
    public static func refusal(_ timing: AttemptTiming, extendedMinutes: Int, adding minutes: Int) -> Refusal? {
        if timing.isSubmitted { return .submitted }
        if timing.deadline == nil { return .noDeadline }
        return extendedMinutes + minutes <= maxMinutes ? nil : .tooLong(maxMinutes: maxMinutes)
    }
}
