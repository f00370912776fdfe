/// Anki's interval fuzz, as FSRS schedulers apply it when fuzzing is on: a review interval
/// of at least 3 days is moved to a random whole number of days nearby, so cards learnt
/// together do not stay due together.
///
/// The spread grows with the interval: 1 day, plus 15 % of the part of the interval between
/// 2.5 and 7 days, 10 % of the part between 7 and 20 days and 5 % of the part beyond 20 days;
/// the result stays within 2…maximum days. Off by default, and never used by the tests
/// against the reference (which run it with fuzz off). The draw is uniform over the range;
/// py-fsrs 6.3.2 rounds a uniform real in [lower, upper + 1), which can give upper + 1 now
/// and then: the ranges agree, the draws do not, and the server never fuzzes.
enum IntervalFuzz {
    /// (start, end, factor) of each band of the interval.
    private static let bands: [(start: Double, end: Double, factor: Double)] = [
        (2.5, 7, 0.15),
        (7, 20, 0.1),
        (20, .infinity, 0.05),
    ]

    /// The days a fuzzed `days` may become.
    static func range(days: Int, maximumInterval: Int) -> ClosedRange<Int> {
        let interval = Double(days)
        guard interval >= 2.5 else { return days...days }
        var delta = 1.0
        for band in bands {
            delta += band.factor * Swift.max(Swift.min(interval, band.end) - band.start, 0)
        }
        let upper = clampedDays((interval + delta).rounded(.toNearestOrEven), maximumInterval: maximumInterval)
        let lower = Swift.min(
            Swift.max(2, clampedDays((interval - delta).rounded(.toNearestOrEven), maximumInterval: maximumInterval)), upper)
        return lower...upper
    }

    /// A uniformly drawn day count from ``range(days:maximumInterval:)``.
    static func fuzzed(days: Int, maximumInterval: Int, using generator: inout some RandomNumberGenerator) -> Int {
        Int.random(in: range(days: days, maximumInterval: maximumInterval), using: &generator)
    }

    /// `value` as days in 1…maximum, without trapping on out-of-range doubles.
    private static func clampedDays(_ value: Double, maximumInterval: Int) -> Int {
        if value >= Double(maximumInterval) { return maximumInterval }
        if value <= 1 { return 1 }
        return Int(value)
    }
}
