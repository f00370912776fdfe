import Foundation

/// The pieces every GIFT answer shares: an optional `%weight%` in front, the answer text,
/// and `#feedback` after it.
enum GIFTWeights {
    typealias Chars = ArraySlice<GIFTChar>

    /// Takes a leading `%w%` off `chars`. Only `-?digits[.digits]` between percent signs
    /// is a weight (anything else is answer text, as in Moodle); a weight outside
    /// −100…100 is an error. Weights are rounded to Moodle's 5 decimals.
    static func split(_ chars: Chars, what: String) throws(GIFTRejection) -> (weight: Double?, rest: Chars) {
        guard chars.first?.isSyntax("%") == true,
            let close = chars.dropFirst().firstSyntax("%")
        else { return (nil, chars) }
        let literal = chars[(chars.startIndex + 1)..<close].string
        guard GIFTNumbers.isWeightSyntax(literal) else { return (nil, chars) }
        guard let value = Double(literal), value.isFinite, value >= -100, value <= 100 else {
            throw GIFTRejection("the weight of \(what), \(quote("%" + literal + "%")), is outside −100…100 %")
        }
        let weight = GIFTNumbers.roundedWeight(value)
        return (weight == 0 ? 0 : weight, chars[(close + 1)...].trimmed)
    }

    /// Splits `text#feedback` at the first unescaped `#`; empty feedback is nil.
    static func textAndFeedback(_ chars: Chars) -> (text: Chars, feedback: String?) {
        let (head, tail) = chars.splitOnce(at: "#")
        return (head.trimmed, tail.flatMap { nonEmpty($0.trimmed.string) })
    }

    /// The string, or nil when it is empty.
    static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }

    /// A short quotation of user text for a reason: at most 40 characters, in quotes.
    static func quote(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        let short = flat.count > 40 ? String(flat.prefix(40)) + "…" : flat
        return "“\(short)”"
    }
}

/// Reads the value part of a numerical answer: `v`, `v:t` or `min..max`.
enum GIFTNumericalValue {
    static func answer(
        _ chars: ArraySlice<GIFTChar>, weight: Double, feedback: String?, what: String
    ) throws(GIFTRejection) -> InterchangeQuestion.NumericalAnswer {
        if let dots = chars.firstRun(".."), dots > chars.startIndex {
            let low = try number(chars[..<dots], what: what)
            let high = try number(chars[(dots + 2)...], what: what)
            guard low <= high else {
                throw GIFTRejection("the range of \(what) starts above its end (\(chars.string))")
            }
            return .range(low, high, weight: weight, feedback: feedback)
        }
        if let colon = chars.firstSyntax(":"), colon > chars.startIndex {
            let value = try number(chars[..<colon], what: what)
            let tolerance = try number(chars[(colon + 1)...], what: what)
            guard tolerance >= 0 else {
                throw GIFTRejection("the tolerance of \(what) is negative (\(chars.string))")
            }
            return .exact(value, tolerance: tolerance, weight: weight, feedback: feedback)
        }
        return .exact(try number(chars, what: what), weight: weight, feedback: feedback)
    }

    private static func number(_ chars: ArraySlice<GIFTChar>, what: String) throws(GIFTRejection) -> Double {
        let text = chars.trimmed.string
        guard let value = GIFTNumbers.decimal(text) else {
            if text.isEmpty { throw GIFTRejection("\(what) has no number") }
            throw GIFTRejection("\(GIFTWeights.quote(text)) in \(what) is not a finite number")
        }
        return value
    }
}
