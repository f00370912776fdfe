import ExamPrepShared
import Foundation

/// Reads the Aiken format: single-choice questions in plain text.
///
/// ```
/// What is the correct answer to this question?
/// A. Is it this one?
/// B) Maybe this answer?
/// ANSWER: B
/// ```
///
/// As in Moodle's reader: the question text comes first (it may span several lines,
/// which are kept as lines), then options lettered `A`, `B`, `C`… each followed by `.` or
/// `)` and a space or tab, then `ANSWER:` with the right option's letter. Lines are
/// trimmed; blank lines are ignored. A question becomes a single-choice question in
/// `plain` format, the right option at 100 % and the others at 0 %.
///
/// Malformed questions are skipped with their line and reason; a question that lacks its
/// `ANSWER:` line is reported when the next question's text begins, so one mistake does
/// not swallow the rest of the file. Parsing never throws or traps.
public enum AikenParser {
    /// Parses a whole Aiken file.
    public static func parse(_ text: String) -> GIFTParseResult {
        var result = GIFTParseResult()
        var draft = Draft()
        for line in GIFTScanner.lines(of: text) where !line.text.isEmpty {
            if let option = optionLine(line.text) {
                draft.add(option: option, line: line.number)
            } else if let answer = answerValue(line.text) {
                if draft.isEmpty {
                    result.skip(.init(line: line.number, message: Message("gift.aiken.answer-alone")))
                } else {
                    record(draft.finish(answer: answer), into: &result)
                }
                draft = Draft()
            } else {
                if !draft.options.isEmpty {
                    result.skip(.init(line: draft.startLine, message: Message("gift.aiken.answer-after-options")))
                    draft = Draft()
                }
                draft.add(textLine: String(line.text), line: line.number)
            }
        }
        if !draft.isEmpty {
            result.skip(.init(line: draft.startLine, message: Message("gift.aiken.answer-missing")))
        }
        return result
    }

    private static func record(_ outcome: GIFTBlockOutcome, into result: inout GIFTParseResult) {
        switch outcome {
        case .question(let question): result.questions.append(question)
        case .skipped(let skipped): result.skip(skipped)
        }
    }

    /// `X. text` or `X) text` with an upper-case ASCII letter: the letter and the text.
    static func optionLine(_ line: Substring) -> (letter: Unicode.Scalar, text: String)? {
        let scalars = Array(line.unicodeScalars.prefix(3))
        guard scalars.count == 3,
            let letter = scalars.first, ("A"..."Z").contains(letter),
            scalars[1] == "." || scalars[1] == ")",
            scalars[2] == " " || scalars[2] == "\t"
        else { return nil }
        let rest = Substring(line.unicodeScalars.dropFirst(3))
        return (letter, String(GIFTScanner.trim(rest)))
    }

    /// The text after `ANSWER:`, trimmed, when the line is an answer line. The keyword is
    /// matched without regard to case and may have blanks before its colon.
    static func answerValue(_ line: Substring) -> String? {
        let keyword = "ANSWER".unicodeScalars
        let scalars = line.unicodeScalars
        guard scalars.count > keyword.count,
            String(String.UnicodeScalarView(scalars.prefix(keyword.count))).uppercased() == "ANSWER"
        else { return nil }
        let afterKeyword = GIFTScanner.trim(Substring(scalars.dropFirst(keyword.count)))
        guard afterKeyword.unicodeScalars.first == ":" else { return nil }
        return String(GIFTScanner.trim(Substring(afterKeyword.unicodeScalars.dropFirst())))
    }

    /// A question being read: its text lines and options so far.
    private struct Draft {
        var textLines: [String] = []
        var options: [(letter: Unicode.Scalar, text: String)] = []
        var startLine = 0
        var outOfOrder: Int?

        var isEmpty: Bool { textLines.isEmpty && options.isEmpty }

        mutating func add(textLine: String, line: Int) {
            if isEmpty { startLine = line }
            textLines.append(textLine)
        }

        mutating func add(option: (letter: Unicode.Scalar, text: String), line: Int) {
            if isEmpty { startLine = line }
            let expected = UInt32(65 + options.count)
            if option.letter.value != expected, outOfOrder == nil { outOfOrder = line }
            options.append(option)
        }

        func finish(answer: String) -> GIFTBlockOutcome {
            func skip(_ key: String, _ values: [String: MessageValue] = [:]) -> GIFTBlockOutcome {
                .skipped(.init(line: startLine, message: Message(key, values)))
            }
            let text = textLines.joined(separator: "\n")
            guard !text.isEmpty else { return skip("gift.aiken.text-missing") }
            guard options.count >= 2 else { return skip("gift.aiken.too-few-options") }
            if let outOfOrder {
                return skip("gift.aiken.out-of-order", ["line": .integer(outOfOrder)])
            }
            if let empty = options.firstIndex(where: { $0.text.isEmpty }) {
                return skip("gift.aiken.option-empty", ["letter": .text(String(Character(options[empty].letter)))])
            }
            let scalars = Array(answer.uppercased().unicodeScalars)
            guard scalars.count == 1, let letter = scalars.first,
                let index = options.firstIndex(where: { $0.letter == letter })
            else {
                let last = options.last.map { String(Character($0.letter)) } ?? "A"
                return skip("gift.aiken.answer-unknown", ["last": .text(last), "answer": GIFTWeights.quote(answer)])
            }
            let choices = options.enumerated().map { offset, option in
                InterchangeQuestion.Choice(text: option.text, weight: offset == index ? 100 : 0)
            }
            return .question(
                InterchangeQuestion(
                    textFormat: .plain, text: text, kind: .singleChoice(choices: choices), line: startLine))
        }
    }
}
