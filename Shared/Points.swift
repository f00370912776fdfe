import Foundation

/// Scores and points as people read them, in CSV and in the CLI: "7", "7.5", "6.25" (rounded
/// to two decimals, no trailing zeros). JSON carries the number itself.
public enum Points {
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        let text = String(format: "%.2f", (value * 100).rounded() / 100)
        guard text.contains(".") else { return text }
        let trimmed = text.reversed().drop { $0 == "0" }.reversed()
        let number = String(trimmed.last == "." ? trimmed.dropLast() : trimmed[...])
        return number == "-0" ? "0" : number
    }
}
