import ExamPrepShared
import Foundation

/// Markdown question text (GIFT's `[markdown]`, Moodle XML's `format="markdown"`) read as the
/// plain text the server stores, as ``HTMLText`` reads HTML.
///
/// A safe subset becomes its plain reading: paragraphs (blank lines) stay, a line ending in two
/// spaces or `\` is a line break and any other line joins the next with a space, `**bold**`,
/// `__bold__`, `*italic*` and `_italic_` their text, list items lines starting `- ` or `1. `,
/// a table's rows lines with cells between ` | ` (its `|---|` line dropped), `\*` a star.
/// Everything else keeps its text and is said in ``HTMLText/Reading/leftOut`` (once per kind):
/// headings, quotes, code, links' addresses, HTML tags; pictures are left out. TeX (`\(…\)`,
/// `\[…\]`, `$$…$$`) is kept exactly as written.
public enum MarkdownText {
    /// Reads `markdown` as plain text.
    public static func plain(_ markdown: String) -> HTMLText.Reading {
        var reader = MarkdownTextReader()
        return reader.read(markdown)
    }
}

/// The reader behind ``MarkdownText/plain(_:)``: block structure line by line, then each
/// line's inline marks.
struct MarkdownTextReader {
    private var leftOut: [Message] = []

    mutating func read(_ markdown: String) -> HTMLText.Reading {
        var paragraphs: [[String]] = [[]]
        var joinNext = false
        var inCode = false
        for rawLine in markdown.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(rawLine)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inCode.toggle()
                leaveOut("markdown.left-out.code")
                continue
            }
            if inCode {
                paragraphs[paragraphs.count - 1].append(line)
                joinNext = false
                continue
            }
            guard !trimmed.isEmpty else {
                if !(paragraphs.last?.isEmpty ?? true) { paragraphs.append([]) }
                joinNext = false
                continue
            }
            let hardBreak = line.hasSuffix("  ") || (line.hasSuffix("\\") && !line.hasSuffix("\\\\"))
            if line.hasSuffix("\\") && hardBreak { line.removeLast() }
            guard let block = block(line.trimmingCharacters(in: .whitespaces)) else { continue }
            let text = inline(block.text)
            if joinNext, !block.startsLine, let last = paragraphs[paragraphs.count - 1].popLast() {
                paragraphs[paragraphs.count - 1].append(last + " " + text)
            } else {
                paragraphs[paragraphs.count - 1].append(text)
            }
            joinNext = !hardBreak && !block.endsLine
        }
        let text = paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
        return HTMLText.Reading(text: text, leftOut: leftOut, pictures: [])
    }

    /// A line's block mark read: its text, whether it starts a line of its own (a list item, a
    /// table row) and whether the next line starts another. Nil for a line that shows nothing
    /// (a table's `|---|` line).
    private mutating func block(_ line: String) -> (text: String, startsLine: Bool, endsLine: Bool)? {
        if line.hasPrefix("|") || (line.contains("|") && line.contains("---")) {
            let cells = line.trimmingCharacters(in: CharacterSet(charactersIn: "| ")).components(separatedBy: "|")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "-:".contains($0) } }) { return nil }
            return (cells.joined(separator: " | "), true, true)
        }
        for marker in ["- ", "* ", "+ "] where line.hasPrefix(marker) { return ("- " + line.dropFirst(2), true, false) }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, digits.count <= 9, line.dropFirst(digits.count).hasPrefix(". ") || line.dropFirst(digits.count).hasPrefix(") ")
        {
            return ("\(digits). " + line.dropFirst(digits.count + 2), true, false)
        }
        if line.hasPrefix("#") {
            let hashes = line.prefix { $0 == "#" }
            if hashes.count <= 6, line.dropFirst(hashes.count).hasPrefix(" ") {
                leaveOut("markdown.left-out.heading")
                return (String(line.dropFirst(hashes.count + 1)), true, true)
            }
        }
        if line.hasPrefix(">") {
            leaveOut("markdown.left-out.quote")
            return (line.dropFirst().trimmingCharacters(in: .whitespaces), false, false)
        }
        return (line, false, false)
    }

    /// The line's inline marks read; TeX passes untouched.
    private mutating func inline(_ line: String) -> String {
        let characters = Array(line)
        var out = ""
        var index = 0
        func starts(_ marker: String, at position: Int) -> Bool {
            let marker = Array(marker)
            return position + marker.count <= characters.count && Array(characters[position..<(position + marker.count)]) == marker
        }
        func find(_ marker: String, from position: Int) -> Int? {
            var at = position
            while at < characters.count {
                if characters[at] == "\\", !starts(marker, at: at) {
                    at += 2
                    continue
                }
                if starts(marker, at: at) { return at }
                at += 1
            }
            return nil
        }
        while index < characters.count {
            let character = characters[index]
            // TeX, kept as written.
            if let (open, close) = [("\\(", "\\)"), ("\\[", "\\]"), ("$$", "$$")].first(where: { starts($0.0, at: index) }),
                let end = find(close, from: index + open.count)
            {
                out += String(characters[index..<(end + close.count)])
                index = end + close.count
                continue
            }
            if character == "\\", index + 1 < characters.count, "\\`*_{}[]()#+-.!|<>".contains(characters[index + 1]) {
                out.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "!", starts("![", at: index), let close = find("](", from: index + 2), let end = find(")", from: close + 2) {
                leaveOut("markdown.left-out.picture")
                index = end + 1
                continue
            }
            if character == "[", let close = find("](", from: index + 1), let end = find(")", from: close + 2) {
                leaveOut("markdown.left-out.link")
                out += inline(String(characters[(index + 1)..<close]))
                index = end + 1
                continue
            }
            if character == "`", let end = find("`", from: index + 1) {
                leaveOut("markdown.left-out.code")
                out += String(characters[(index + 1)..<end])
                index = end + 1
                continue
            }
            if character == "<", index + 1 < characters.count, characters[index + 1].isLetter || characters[index + 1] == "/",
                let end = find(">", from: index + 1)
            {
                leaveOut("markdown.left-out.html")
                index = end + 1
                continue
            }
            if let marker = ["**", "__", "*", "_"].first(where: { starts($0, at: index) }), emphasis(marker, at: index, in: characters),
                let end = find(marker, from: index + marker.count), end > index + marker.count,
                !characters[end - 1].isWhitespace
            {
                out += inline(String(characters[(index + marker.count)..<end]))
                index = end + marker.count
                continue
            }
            out.append(character)
            index += 1
        }
        return out
    }

    /// Whether `marker` at `position` opens emphasis: followed by text and not inside a word
    /// (`snake_case` and `2*3*4` stay).
    private func emphasis(_ marker: String, at position: Int, in characters: [Character]) -> Bool {
        let after = position + marker.count
        guard after < characters.count, !characters[after].isWhitespace else { return false }
        if position > 0, characters[position - 1].isLetter || characters[position - 1].isNumber { return false }
        return true
    }

    private mutating func leaveOut(_ key: String) {
        let message = Message(key)
        if !leftOut.contains(message) { leftOut.append(message) }
    }
}
