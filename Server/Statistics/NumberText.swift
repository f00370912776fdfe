import Foundation

/// Locale-independent number text for CSV, SVG and the terminal: always a dot, a fixed number of
/// decimals, and never "-0.0000" (a rounded tiny negative would read as a real negative figure).
public enum NumberText {
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "" }
        let places = min(12, max(0, decimals))
        let text = String(format: "%.\(places)f", locale: nil, value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            return String(text.dropFirst())
        }
        return text
    }

    /// Coordinates for SVG: at most two decimals, trailing zeros dropped ("12.5", "40").
    static func coordinate(_ value: Double) -> String {
        var text = fixed(value, decimals: 2)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text.isEmpty ? "0" : text
    }
}
