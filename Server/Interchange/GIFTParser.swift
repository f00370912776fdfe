import ExamPrepShared
import Foundation

/// Why a GIFT question cannot be imported; becomes a ``GIFTParseResult/Skipped`` report.
struct GIFTRejection: Error, Sendable, Equatable {
    let reason: Message
    init(_ key: String, _ values: [String: MessageValue] = [:]) { reason = Message(key, values) }

    /// GIFT's braces as values: in a catalogue's text `{` opens a value's name.
    static let braces: [String: MessageValue] = ["open": .text("{"), "close": .text("}")]
}

/// What one block of a GIFT file turned into.
enum GIFTBlockOutcome: Sendable {
    case question(InterchangeQuestion)
    case skipped(GIFTParseResult.Skipped)
}

/// Reads Moodle's GIFT question format.
///
/// The rules are Moodle's (`qformat_gift`): questions are separated by blank lines;
/// `//` lines are comments (with `[id:…]` and `[tag:…]` read from them); `$CATEGORY:`
/// sets the category of what follows; a question is `::name::`, `[format]`, the text,
/// then its answers in the first unescaped `{…}`. The answer text decides the kind (see
/// ``GIFTKindParser``); `{}` is an essay and a block without braces a description. Text
/// after the closing `}` makes a "missing word" question: as in Moodle, the question keeps
/// its kind and its text gets ``blank`` where the answers stood. Malformed questions are
/// reported in ``GIFTParseResult/skipped`` with their line and a reason; nothing is guessed.
///
/// Parsing never throws and never traps, whatever the input.
public enum GIFTParser {
    /// What stands in a missing-word question's text where its answers were (Moodle's).
    public static let blank = "_____"

    /// Parses a whole GIFT file.
    public static func parse(_ text: String) -> GIFTParseResult {
        var result = GIFTParseResult()
        var category: [String] = []
        let directive = GIFTCategory.directive.unicodeScalars
        for block in GIFTScanner.blocks(of: text) {
            var lines = block.lines[...]
            if let first = lines.first, first.text.unicodeScalars.starts(with: directive) {
                let value = String(first.text.unicodeScalars.dropFirst(directive.count))
                category = GIFTCategory.path(from: value)
                lines = lines.dropFirst()
                if lines.isEmpty { continue }
            }
            switch question(from: lines, comments: block.comments, category: category) {
            case .question(let question): result.questions.append(question)
            case .skipped(let skipped): result.skip(skipped)
            }
        }
        return result
    }

    /// Parses the non-comment lines of one block into a question, or says why not.
    static func question(
        from lines: ArraySlice<NumberedLine>, comments: [String], category: [String]
    ) -> GIFTBlockOutcome {
        let startLine = lines.first?.number ?? 0
        let chars = GIFTEscaping.decode(lines.map { String($0.text) }.joined(separator: "\n"))[...]
        var name: String?
        do throws(GIFTRejection) {
            let (parsedName, rest) = try splitName(chars)
            name = parsedName
            let (textPart, answerPart) = try splitAnswers(rest)
            let (format, text) = formatAndText(textPart)
            var kind = InterchangeQuestion.Kind.description
            var generalFeedback: String?
            if let answerPart {
                let (answers, feedback) = splitGeneralFeedback(answerPart)
                kind = try GIFTKindParser.kind(from: answers)
                generalFeedback = feedback
            }
            guard !text.isEmpty else { throw GIFTRejection("gift.text-empty") }
            let metadata = GIFTComments.metadata(in: comments)
            let question = InterchangeQuestion(
                name: name, category: category, tags: metadata.tags, id: metadata.id,
                textFormat: format, text: text, generalFeedback: generalFeedback,
                kind: kind, line: startLine)
            return .question(question)
        } catch {
            return .skipped(.init(line: startLine, name: name, message: error.reason))
        }
    }

    /// Takes `::name::` off the front. A name that is opened but never closed is an error
    /// rather than text (Moodle would silently fold it into the question text).
    static func splitName(
        _ chars: ArraySlice<GIFTChar>
    ) throws(GIFTRejection) -> (name: String?, rest: ArraySlice<GIFTChar>) {
        guard chars.hasRunPrefix("::") else { return (nil, chars) }
        let afterOpening = chars.startIndex + 2
        guard let closing = chars.firstRun("::", from: afterOpening) else {
            throw GIFTRejection("gift.name-unclosed")
        }
        let name = chars[afterOpening..<closing].trimmed.string
        return (name.isEmpty ? nil : name, chars[(closing + 2)...].trimmed)
    }

    /// Splits the question into its text and the answers between the first unescaped `{`
    /// and `}`; the answers are nil for a description (no braces at all). Text after the
    /// closing brace makes a missing-word question: its text has ``blank`` where the braces
    /// stood.
    static func splitAnswers(
        _ chars: ArraySlice<GIFTChar>
    ) throws(GIFTRejection) -> (text: ArraySlice<GIFTChar>, answers: ArraySlice<GIFTChar>?) {
        let open = chars.firstSyntax("{")
        let close = chars.firstSyntax("}")
        switch (open, close) {
        case (nil, nil):
            return (chars.trimmed, nil)
        case (nil, .some):
            throw GIFTRejection("gift.brace-unopened", GIFTRejection.braces)
        case (.some, nil):
            throw GIFTRejection("gift.brace-unclosed", GIFTRejection.braces)
        case (.some(let open), .some(let close)):
            guard close > open else {
                throw GIFTRejection("gift.brace-reversed", GIFTRejection.braces)
            }
            let answers = chars[(open + 1)..<close].trimmed
            let after = chars[(close + 1)...]
            guard !after.isBlank else { return (chars[..<open].trimmed, answers) }
            let blank = blank.unicodeScalars.map { GIFTChar(scalar: $0, escaped: true) }
            return ((Array(chars[..<open]) + blank + Array(after))[...].trimmed, answers)
        }
    }

    /// Reads an optional `[html]`, `[markdown]`, `[plain]` or `[moodle]` before the text.
    /// An unknown name in brackets is ordinary text, as in Moodle.
    static func formatAndText(_ chars: ArraySlice<GIFTChar>) -> (InterchangeTextFormat, String) {
        guard chars.first?.isSyntax("[") == true,
            let end = chars.firstSyntax("]"),
            let format = InterchangeTextFormat(rawValue: chars[(chars.startIndex + 1)..<end].string)
        else {
            return (.moodle, chars.trimmed.string)
        }
        return (format, chars[(end + 1)...].trimmed.string)
    }

    /// Takes general feedback (after the last unescaped `####`) off the answers.
    static func splitGeneralFeedback(
        _ chars: ArraySlice<GIFTChar>
    ) -> (answers: ArraySlice<GIFTChar>, generalFeedback: String?) {
        guard let separator = chars.lastRun("####") else { return (chars, nil) }
        let feedback = chars[(separator + 4)...].trimmed.string
        return (chars[..<separator].trimmed, feedback.isEmpty ? nil : feedback)
    }
}
