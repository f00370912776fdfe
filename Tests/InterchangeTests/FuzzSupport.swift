import ExamPrepTestSupport
import Foundation

@testable import ExamPrepInterchange

/// Builds fuzz inputs: GIFT-shaped token soup, raw bytes, and mutations of real files.
enum FuzzInput {
    /// Pieces that mean something to GIFT, Aiken or Unicode, mixed with plain text.
    static let pieces: [String] = [
        "{", "}", "~", "=", "#", "####", "%", "%50%", "%500%", "%-100%", "%33.33333%", "%1e5%", "->", "..",
        ":", "::", "\\", "\\n", "\\{", "\\}", "\\~", "\\=", "\\#", "\\:", "\\\\", "\n", "\n\n", "\r\n", "\r",
        "//", "// [id:x] [tag:y\\]]", "$CATEGORY:", "$CATEGORY: a/b//c", "[html]", "[markdown]", "[", "]",
        "T", "TRUE", "F", "FALSE", "true", "NaN", "nan", "inf", "1e999", "-1e-999", "0x10", "1822", "3.14",
        "-5", "1..5", "5..1", "2:0.5", "*", "\"", "'", "\u{301}", "e\u{301}", "{\u{301}", "}\u{301}",
        "~\u{301}", "=\u{301}", "#\u{301}", "\\\u{301}", "\u{FEFF}", "😀", "👩‍👩‍👧", "עברית", " ", "\t",
        "\u{0}", "\u{B}", "\u{A0}", "A. ", "B) ", "ANSWER: A", "ANSWER:", "Question", "answer", "x",
        String(repeating: "9", count: 400), "9" + String(repeating: "0", count: 320),
    ]

    static func tokenSoup<R: RandomNumberGenerator>(_ rng: inout R) -> String {
        let count = Int.random(in: 1...60, using: &rng)
        return (0..<count).map { _ in pieces.randomElement(using: &rng) ?? "" }.joined()
    }

    static func randomBytes<R: RandomNumberGenerator>(_ rng: inout R) -> String {
        let count = Int.random(in: 0...300, using: &rng)
        let bytes = (0..<count).map { _ -> UInt8 in
            // Bias towards ASCII syntax so that many inputs reach the answer parsers.
            Bool.random(using: &rng)
                ? Array("{}~=#%:\\\n\r-> .T".utf8).randomElement(using: &rng) ?? 0
                : UInt8.random(in: 0...255, using: &rng)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A window of `source` with a few random insertions, deletions, duplications and replacements,
    /// and combining marks after some special characters.
    static func mutation<R: RandomNumberGenerator>(of source: String, _ rng: inout R) -> String {
        var scalars = Array(window(of: source, &rng).unicodeScalars)
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            guard !scalars.isEmpty else { break }
            let at = Int.random(in: 0..<scalars.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                let piece = pieces.randomElement(using: &rng) ?? ""
                scalars.insert(contentsOf: piece.unicodeScalars, at: at)
            case 1:
                let length = Int.random(in: 1...20, using: &rng)
                scalars.removeSubrange(at..<min(scalars.count, at + length))
            case 2:
                let length = Int.random(in: 1...40, using: &rng)
                let slice = scalars[at..<min(scalars.count, at + length)]
                scalars.insert(contentsOf: Array(slice), at: at)
            case 3:
                scalars[at] = pieces.randomElement(using: &rng)?.unicodeScalars.first ?? "x"
            default:
                if "{}~=#:\\%".unicodeScalars.contains(scalars[at]) {
                    scalars.insert("\u{301}", at: at + 1)
                }
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// 10 to 60 consecutive lines of `source`, starting anywhere: small enough to keep the
    /// fuzzing quick, large enough to span several questions.
    static func window<R: RandomNumberGenerator>(of source: String, _ rng: inout R) -> String {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 10 else { return source }
        let start = Int.random(in: 0..<lines.count, using: &rng)
        let end = min(lines.count, start + Int.random(in: 10...60, using: &rng))
        return lines[start..<end].joined(separator: "\n")
    }

    /// How many blocks of `text` hold a question (as opposed to nothing, comments only, or
    /// only a `$CATEGORY:` line); each must end up imported or skipped.
    static func questionBlockCount(_ text: String) -> Int {
        var count = 0
        var contentLines: [Substring] = []
        func close() {
            if let first = contentLines.first {
                let onlyCategory =
                    contentLines.count == 1
                    && first.unicodeScalars.starts(with: "$CATEGORY:".unicodeScalars)
                if !onlyCategory { count += 1 }
            }
            contentLines = []
        }
        for line in GIFTScanner.lines(of: text) {
            if line.text.isEmpty {
                close()
            } else if !line.text.unicodeScalars.starts(with: "//".unicodeScalars) {
                contentLines.append(line.text)
            }
        }
        close()
        return count
    }
}
