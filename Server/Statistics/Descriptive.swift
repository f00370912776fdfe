/// The few descriptive statistics item analysis needs, written to return `nil` instead of NaN.
///
/// Sums are compensated (Neumaier) and variances two-pass with the rounding-error correction term,
/// so that 500 attempts of fractional scores agree with exact arithmetic well beyond four decimals.
enum Descriptive {
    /// Values whose range is below this fraction of their magnitude are treated as identical. Scores carry
    /// at most two decimals, so real differences are ≥ 0.01; what this absorbs is summation-order noise
    /// (totals that should be equal but differ in the last bit), which would otherwise turn "no spread"
    /// into a correlation computed from rounding errors.
    static let relativeTolerance = 1e-9

    /// Compensated sum.
    static func sum(_ values: [Double]) -> Double {
        var total = 0.0
        var compensation = 0.0
        for value in values {
            let next = total + value
            if abs(total) >= abs(value) {
                compensation += (total - next) + value
            } else {
                compensation += (value - next) + total
            }
            total = next
        }
        return total + compensation
    }

    static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return sum(values) / Double(values.count)
    }

    /// Middle value, or the mean of the two middle values for an even count (as Moodle and Python do).
    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        if sorted.count % 2 == 1 {
            return sorted[middle]
        }
        return (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// True when all values are equal up to `relativeTolerance` (an empty list is constant).
    static func isEffectivelyConstant(_ values: [Double]) -> Bool {
        guard let low = values.min(), let high = values.max() else { return true }
        let scale = max(1, abs(low), abs(high))
        return high - low <= relativeTolerance * scale
    }

    /// Sample variance (divisor n − 1), as Moodle uses for the test and for each question.
    static func sampleVariance(_ values: [Double]) -> Double? {
        guard values.count >= 2, let center = mean(values) else { return nil }
        if isEffectivelyConstant(values) { return 0 }
        let deviations = values.map { $0 - center }
        let squares = sum(deviations.map { $0 * $0 })
        let drift = sum(deviations)
        let n = Double(values.count)
        return max(0, (squares - drift * drift / n) / (n - 1))
    }

    static func sampleStandardDeviation(_ values: [Double]) -> Double? {
        sampleVariance(values).map { $0.squareRoot() }
    }

    /// Pearson's correlation coefficient; `nil` for fewer than two pairs or when either side has no spread.
    static func correlation(_ xs: [Double], _ ys: [Double]) -> Double? {
        guard xs.count == ys.count, xs.count >= 2,
            !isEffectivelyConstant(xs), !isEffectivelyConstant(ys),
            let meanX = mean(xs), let meanY = mean(ys)
        else { return nil }
        let dx = xs.map { $0 - meanX }
        let dy = ys.map { $0 - meanY }
        let sxy = sum(zip(dx, dy).map { $0 * $1 })
        let sxx = sum(dx.map { $0 * $0 })
        let syy = sum(dy.map { $0 * $0 })
        let denominator = (sxx * syy).squareRoot()
        guard denominator > 0, denominator.isFinite else { return nil }
        return min(1, max(-1, sxy / denominator))
    }
}
