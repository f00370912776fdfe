import ExamPrepShared

/// Bins percent scores into equal bands over 0–100.
///
/// Ten bands of 10 % by default, the way teachers read grades: `[0, 10)`, `[10, 20)`, … and `[90, 100]`,
/// the last band closed so a perfect score is counted. Scores outside 0–100 (bonus points, negative
/// marking) land in the nearest end band so every attempt is counted exactly once.
public enum ScoreHistogram {
    public static let defaultBinCount = 10

    /// Bands with their counts; `binCount` is clamped to 1…100.
    public static func bins(percents: [Double], binCount: Int = defaultBinCount) -> [HistogramBin] {
        let count = min(100, max(1, binCount))
        let width = 100 / Double(count)
        var counts = Array(repeating: 0, count: count)
        for percent in percents where percent.isFinite {
            let index = binIndex(percent: percent, width: width, count: count)
            counts[index] += 1
        }
        return counts.enumerated().map { index, value in
            HistogramBin(
                from: Double(index) * width,
                to: index == count - 1 ? 100 : Double(index + 1) * width,
                count: value)
        }
    }

    /// The band of one score. A score a hair below an edge because of floating point (69.99999999999999
    /// for 7 of 10 points) belongs to the band above, where a teacher would look for it.
    static func binIndex(percent: Double, width: Double, count: Int) -> Int {
        let position = (percent / width + 1e-9).rounded(.down)
        guard position.isFinite else { return 0 }
        if position < 0 { return 0 }
        if position >= Double(count) { return count - 1 }
        return Int(position)
    }
}
