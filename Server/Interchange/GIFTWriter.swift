import Foundation

/// Writes questions as Moodle GIFT that ``GIFTParser`` (and Moodle) read back as the same
/// questions.
///
/// Layout follows Moodle's own export: a `$CATEGORY:` block whenever the category
/// changes, an optional `// [id:…] [tag:…]` comment, `::name::`, `[format]` when it is
/// not the default, the escaped text, then the answers one per line (true/false on one
/// line). Weights are written without needless decimals (`50`, `33.33333`). A question
/// whose text has ``GIFTParser/blank`` with text after it is written as a missing-word
/// question (its answers where the first blank stands); a description has no braces.
///
/// A few values cannot be written in GIFT at all (for example leading spaces, which
/// GIFT trims, or `->` inside a matching item); ``roundTripProblems(of:)`` lists them
/// for a question so that an export can warn instead of silently changing data.
public enum GIFTWriter {
    /// GIFT for all `questions`, in order, separated by blank lines.
    public static func write(_ questions: [InterchangeQuestion]) -> String {
        var pages = Pages()
        return pages.write(questions)
    }

    /// GIFT written a page of questions at a time (an export that never holds the whole
    /// bank): the pages together are what `write(_:)` writes for all their questions.
    public struct Pages: Sendable {
        /// The category of the last question written.
        private var category: [String] = []

        public init() {}

        public mutating func write(_ questions: [InterchangeQuestion]) -> String {
            var output = ""
            for question in questions {
                if question.category != category {
                    output += GIFTCategory.line(for: question.category) + "\n\n"
                    category = question.category
                }
                output += GIFTWriter.block(for: question) + "\n\n"
            }
            return output
        }
    }

    /// The GIFT block of one question (comment line, name, text and answers), without
    /// its category and without the blank line that ends it.
    public static func block(for question: InterchangeQuestion) -> String {
        var lines: [String] = []
        if let comment = GIFTComments.line(id: question.id, tags: question.tags) {
            lines.append(comment)
        }
        var head = ""
        if let name = question.name, !name.isEmpty {
            head += "::" + GIFTEscaping.escape(name) + "::"
        }
        let text = question.text
        // An explicit format also keeps text that starts like a format, a comment or a
        // byte order mark (dropped at the start of a file) from being read as one.
        let first = text.unicodeScalars.first
        if question.textFormat != .moodle || first == "[" || first == "\u{FEFF}"
            || text.unicodeScalars.starts(with: "//".unicodeScalars)
        {
            head += "[" + question.textFormat.rawValue + "]"
        }
        if question.kind == .description {
            lines.append(head + GIFTEscaping.escape(text))
        } else if let (before, after) = missingWordParts(of: text) {
            lines.append(head + GIFTEscaping.escape(before) + answers(of: question) + GIFTEscaping.escape(after))
        } else {
            lines.append(head + GIFTEscaping.escape(text) + " " + answers(of: question))
        }
        return lines.joined(separator: "\n")
    }

    /// The text before and after the first ``GIFTParser/blank`` when text follows it (the
    /// answers go there); nil when the answers go after the text.
    static func missingWordParts(of text: String) -> (before: String, after: String)? {
        let scalars = Array(text.unicodeScalars)
        let blank = Array(GIFTParser.blank.unicodeScalars)
        guard scalars.count > blank.count,
            let start = (0...(scalars.count - blank.count)).first(where: { scalars[$0..<($0 + blank.count)].elementsEqual(blank) })
        else { return nil }
        let after = scalars[(start + blank.count)...]
        guard after.contains(where: { !GIFTEscaping.isTrimmable($0) }) else { return nil }
        return (string(scalars[..<start]), string(after))
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// Ways in which `question` would not read back equal after ``write(_:)``; empty
    /// when the round trip is exact. Found by writing the question and reading it back.
    public static func roundTripProblems(of question: InterchangeQuestion) -> [String] {
        let result = GIFTParser.parse(write([question]))
        if let skipped = result.skipped.first {
            return ["it would be skipped on import: \(skipped.reason)"]
        }
        guard result.questions.count == 1, let back = result.questions.first else {
            return ["it reads back as \(result.questions.count) questions"]
        }
        var problems: [String] = []
        func compare<T: Equatable>(_ field: String, _ a: T, _ b: T) {
            if a != b { problems.append("its \(field) reads back differently") }
        }
        compare("name", question.name, back.name)
        compare("category", question.category, back.category)
        compare("tags", question.tags, back.tags)
        compare("id", question.id, back.id)
        compare("text format", question.textFormat, back.textFormat)
        compare("text", question.text, back.text)
        compare("general feedback", question.generalFeedback, back.generalFeedback)
        compare("answers", question.kind, back.kind)
        return problems
    }

    /// The `{…}` part, general feedback included.
    static func answers(of question: InterchangeQuestion) -> String {
        let general = question.generalFeedback.flatMap { $0.isEmpty ? nil : $0 }
            .map { "####" + GIFTEscaping.escape($0) }
        switch question.kind {
        case .trueFalse(let answer, let wrong, let right):
            var inner = answer ? "TRUE" : "FALSE"
            let wrong = wrong.flatMap { $0.isEmpty ? nil : $0 }
            let right = right.flatMap { $0.isEmpty ? nil : $0 }
            if wrong != nil || right != nil { inner += "#" + GIFTEscaping.escape(wrong ?? "") }
            if let right { inner += "#" + GIFTEscaping.escape(right) }
            return "{" + inner + (general ?? "") + "}"
        case .numerical(let answers, let otherwise):
            if answers.count == 1, let only = answers.first, only.weight == 100,
                only.feedback?.isEmpty ?? true, otherwise?.isEmpty ?? true, general == nil
            {
                return "{#" + numericalValue(only) + "}"
            }
            var lines = answers.map(numericalLine)
            if let otherwise, !otherwise.isEmpty { lines.append("~#" + GIFTEscaping.escape(otherwise)) }
            return block(opening: "{#", lines: lines, general: general)
        case .essay, .description:
            return "{" + (general ?? "") + "}"
        default:
            return block(opening: "{", lines: answerLines(of: question.kind), general: general)
        }
    }

    private static func block(opening: String, lines: [String], general: String?) -> String {
        let body = (lines + (general.map { [$0] } ?? [])).map { "\t" + $0 + "\n" }.joined()
        return opening + "\n" + body + "}"
    }

    /// One line per choice, answer or pair, for the kinds written one answer per line.
    static func answerLines(of kind: InterchangeQuestion.Kind) -> [String] {
        switch kind {
        case .singleChoice(let choices):
            var rightWritten = false
            return choices.map { choice in
                if choice.weight == 100 && !rightWritten {
                    rightWritten = true
                    return "=" + textAndFeedback(choice.text, choice.feedback)
                }
                return "~" + weightPrefix(choice.weight, default: 0, text: choice.text)
                    + textAndFeedback(choice.text, choice.feedback)
            }
        case .multipleChoice(let choices):
            return choices.map {
                "~" + weightPrefix($0.weight, default: 0, text: $0.text) + textAndFeedback($0.text, $0.feedback)
            }
        case .shortAnswer(let answers):
            // `=` together with `->` (in a text or a feedback) would read as matching; a lone
            // answer needs no `=`.
            if answers.count == 1, let only = answers.first, only.weight == 100,
                only.text.contains("->") || only.feedback?.contains("->") == true
            {
                return [weightPrefix(100, default: 100, text: only.text) + textAndFeedback(only.text, only.feedback)]
            }
            return answers.map {
                "=" + weightPrefix($0.weight, default: 100, text: $0.text) + textAndFeedback($0.text, $0.feedback)
            }
        case .matching(let pairs, let distractors):
            return pairs.map { "=" + GIFTEscaping.escape($0.item) + " -> " + GIFTEscaping.escape($0.option) }
                + distractors.map { "= -> " + GIFTEscaping.escape($0) }
        case .trueFalse, .numerical, .essay, .description:
            return []
        }
    }

    /// `%w%` when the weight is not the default, or when the text itself starts with `%`
    /// (so that it cannot be mistaken for a weight).
    static func weightPrefix(_ weight: Double, default defaultWeight: Double, text: String) -> String {
        guard weight != defaultWeight || text.unicodeScalars.first == "%" else { return "" }
        return "%" + GIFTNumbers.formatWeight(weight) + "%"
    }

    private static func textAndFeedback(_ text: String, _ feedback: String?) -> String {
        var out = GIFTEscaping.escape(text)
        if let feedback, !feedback.isEmpty { out += "#" + GIFTEscaping.escape(feedback) }
        return out
    }

    /// `v`, `v:t` or `min..max`.
    private static func numericalValue(_ answer: InterchangeQuestion.NumericalAnswer) -> String {
        if let min = answer.min, let max = answer.max {
            return GIFTNumbers.formatNumber(min) + ".." + GIFTNumbers.formatNumber(max)
        }
        var value = GIFTNumbers.formatNumber(answer.value)
        if let tolerance = answer.tolerance { value += ":" + GIFTNumbers.formatNumber(tolerance) }
        return value
    }

    private static func numericalLine(_ answer: InterchangeQuestion.NumericalAnswer) -> String {
        let value = numericalValue(answer)
        let weight = answer.weight == 100 ? "" : "%" + GIFTNumbers.formatWeight(answer.weight) + "%"
        let feedback = answer.feedback.flatMap { $0.isEmpty ? nil : "#" + GIFTEscaping.escape($0) } ?? ""
        return "=" + weight + value + feedback
    }
}
