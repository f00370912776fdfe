import ExamPrepShared

/// The score distribution for a terminal (`examprep exams stats ID`): one line per band, a bar scaled to
/// the largest band, the count, then a summary line.
///
///       0-10  │                                          0
///      60-70  │████████████████████████████████████████  9
///     Mean 62.5 %   Median 65.0 %   SD 15.2 %   Attempts 24
public enum TextHistogram {
    /// - Parameters:
    ///   - barWidth: characters of the longest bar (clamped to 1…200).
    ///   - ascii: `#` and `|` instead of `█` and `│`, for terminals without Unicode.
    public static func render(_ statistics: ExamStatistics, barWidth: Int = 40, ascii: Bool = false) -> String {
        let width = min(200, max(1, barWidth))
        let block: Character = ascii ? "#" : "█"
        let rule = ascii ? "|" : "│"
        let bins = statistics.scoreHistogram
        let maximum = bins.map(\.count).max() ?? 0
        let labels = bins.map { "\(NumberText.coordinate($0.from))-\(NumberText.coordinate($0.to))" }
        let labelWidth = labels.map(\.count).max() ?? 0

        var lines: [String] = []
        for (bin, label) in zip(bins, labels) {
            let length = barLength(count: bin.count, maximum: maximum, width: width)
            let bar = String(repeating: block, count: length) + String(repeating: " ", count: width - length)
            lines.append("\(pad(label, to: labelWidth)) \(rule)\(bar) \(bin.count)")
        }
        lines.append(summary(statistics))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Proportional length, but at least one character for a non-empty band so a single attempt shows.
    static func barLength(count: Int, maximum: Int, width: Int) -> Int {
        guard count > 0, maximum > 0 else { return 0 }
        let scaled = Int((Double(count) / Double(maximum) * Double(width)).rounded())
        return min(width, max(1, scaled))
    }

    static func summary(_ statistics: ExamStatistics) -> String {
        func percent(_ value: Double?) -> String {
            value.map { "\(NumberText.fixed($0, decimals: 1)) %" } ?? "–"
        }
        return "Mean \(percent(statistics.mean))   Median \(percent(statistics.median))   "
            + "SD \(percent(statistics.standardDeviation))   Attempts \(statistics.attempts)"
    }

    static func pad(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
