import ExamPrepShared
import Foundation

/// The pieces every GIFT answer shares: an optional `%weight%` in front, the answer text,
/// and `#feedback` after it.
enum GIFTWeights {
    typealias Chars = ArraySlice<GIFTChar>

    /// Takes a leading `%w%` off `chars`. Only `-?digits[.digits]` between percent signs
    /// is a weight (anything else is answer text, as in Moodle); a weight outside
    /// −100…100 is an error. Weights are rounded to Moodle's 5 decimals.
    static func split(_ chars: Chars, what: Message) throws(GIFTRejection) -> (weight: Double?, rest: Chars) {
        guard chars.first?.isSyntax("%") == true,
            let close = chars.dropFirst().firstSyntax("%")
        else { return (nil, chars) }
        let literal = chars[(chars.startIndex + 1)..<close].string
        guard GIFTNumbers.isWeightSyntax(literal) else { return (nil, chars) }
        guard let value = Double(literal), value.isFinite, value >= -100, value <= 100 else {
            throw GIFTRejection("gift.weight-out-of-range", ["what": .message(what), "weight": quote("%" + literal + "%")])
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

    /// A short quotation of user text for a reason: at most 40 characters, in the reader's quotes.
    static func quote(_ text: String) -> MessageValue {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        let short = flat.count > 40 ? String(flat.prefix(40)) + "…" : flat
        return .message(Message("gift.quote", ["text": .text(short)]))
    }
}

/// Reads the value part of a numerical answer: `v`, `v:t` or `min..max`.
enum GIFTNumericalValue {
    static func answer(
        _ chars: ArraySlice<GIFTChar>, weight: Double, feedback: String?, what: Message
    ) throws(GIFTRejection) -> InterchangeQuestion.NumericalAnswer {
        if let dots = chars.firstRun(".."), dots > chars.startIndex {
            let low = try number(chars[..<dots], what: what)
            let high = try number(chars[(dots + 2)...], what: what)
            guard low <= high else {
                throw GIFTRejection("gift.range-reversed", ["what": .message(what), "range": .text(chars.string)])
            }
            return .range(low, high, weight: weight, feedback: feedback)
        }
        if let colon = chars.firstSyntax(":"), colon > chars.startIndex {
            let value = try number(chars[..<colon], what: what)
            let tolerance = try number(chars[(colon + 1)...], what: what)
            guard tolerance >= 0 else {
                throw GIFTRejection("gift.tolerance-negative", ["what": .message(what), "value": .text(chars.string)])
            }
            return .exact(value, tolerance: tolerance, weight: weight, feedback: feedback)
        }
        return .exact(try number(chars, what: what), weight: weight, feedback: feedback)
    }

    private static func number(_ chars: ArraySlice<GIFTChar>, what: Message) throws(GIFTRejection) -> Double {
        let text = chars.trimmed.string
        guard let value = GIFTNumbers.decimal(text) else {
            if text.isEmpty { throw GIFTRejection("gift.no-number", ["what": .message(what)]) }
            throw GIFTRejection("gift.not-a-number", ["text": GIFTWeights.quote(text), "what": .message(what)])
        }
        return value
    }
}
