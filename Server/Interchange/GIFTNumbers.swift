import Foundation

/// Reading and writing the numbers GIFT holds: answer weights (`%33.33333%`) and the
/// values, tolerances and bounds of numerical answers.
enum GIFTNumbers {
    /// Moodle computes with 5 decimals of a percent (fractions with 7 decimals).
    static let weightDecimals = 5
    private static let weightScale = 100_000.0

    /// Parses a decimal number the way PHP's `is_numeric` accepts it (optional sign,
    /// digits with an optional point, optional exponent), never hex, `inf` or `nan`, and
    /// only if the value is finite. Returns nil for anything else.
    static func decimal(_ text: String) -> Double? {
        guard isDecimalSyntax(text), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// Whether `text` is `[+-]?(digits[.digits]|.digits)([eE][+-]?digits)?`.
    static func isDecimalSyntax(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        let integerDigits = scalars.prefix(while: isDigit).count
        scalars = scalars.dropFirst(integerDigits)
        var fractionDigits = 0
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            fractionDigits = scalars.prefix(while: isDigit).count
            scalars = scalars.dropFirst(fractionDigits)
        }
        guard integerDigits + fractionDigits > 0 else { return false }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let sign = scalars.first, sign == "+" || sign == "-" { scalars = scalars.dropFirst() }
            let exponentDigits = scalars.prefix(while: isDigit).count
            guard exponentDigits > 0 else { return false }
            scalars = scalars.dropFirst(exponentDigits)
        }
        return scalars.isEmpty
    }

    /// Whether `text` has the shape of a GIFT weight: `-?digits[.digits]`. Anything else
    /// between percent signs is ordinary answer text, as in Moodle.
    static func isWeightSyntax(_ text: String) -> Bool {
        var scalars = Substring(text).unicodeScalars[...]
        if scalars.first == "-" { scalars = scalars.dropFirst() }
        let integerDigits = scalars.prefix(while: isDigit).count
        guard integerDigits > 0 else { return false }
        scalars = scalars.dropFirst(integerDigits)
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            scalars = scalars.drop(while: isDigit)
        }
        return scalars.isEmpty
    }

    /// Rounds a weight to the 5 decimals Moodle keeps.
    static func roundedWeight(_ weight: Double) -> Double {
        guard weight.isFinite, abs(weight) < 1e12 else { return weight }
        return (weight * weightScale).rounded() / weightScale
    }

    /// Writes a weight without needless decimals: `50`, `-33.33333`, `12.5`.
    static func formatWeight(_ weight: Double) -> String {
        guard weight.isFinite, abs(weight) < 1e12 else { return "\(weight)" }
        let scaled = Int64((weight * weightScale).rounded())
        let magnitude = scaled.magnitude
        let whole = magnitude / UInt64(weightScale)
        var fraction = String(magnitude % UInt64(weightScale))
        fraction = String(repeating: "0", count: weightDecimals - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let sign = scaled < 0 ? "-" : ""
        return fraction.isEmpty ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// Writes a numerical value so that ``decimal(_:)`` reads back the same `Double`:
    /// integers without a point (`1822`), others in Swift's shortest exact form.
    static func formatNumber(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0x30 && scalar.value <= 0x39
    }
}
