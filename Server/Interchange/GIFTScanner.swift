import Foundation

/// A source line with its 1-based number, trimmed of surrounding whitespace.
struct NumberedLine: Sendable, Equatable {
    let number: Int
    let text: Substring
}

/// One blank-line-separated block of a GIFT file.
struct GIFTBlock: Sendable, Equatable {
    /// The block's lines that are not comments, trimmed, in order.
    var lines: [NumberedLine]
    /// The block's comment lines (`//…`), where Moodle finds `[id:…]` and `[tag:…]`.
    var comments: [String]

    /// The line where the block's content starts (its first line that is not a comment).
    var firstLine: Int { lines.first?.number ?? 0 }
}

/// Splits text into lines and GIFT blocks, following Moodle's reader: a UTF-8 BOM is
/// dropped, CRLF, CR and LF all end a line, every line is trimmed, a line that is empty
/// after trimming ends a question, and a line whose first non-blank characters are `//`
/// is a comment.
enum GIFTScanner {
    /// The lines of `text`, numbered from 1 and trimmed.
    static func lines(of text: String) -> [NumberedLine] {
        var body = Substring(text)
        if body.unicodeScalars.first == "\u{FEFF}" {
            body = Substring(body.unicodeScalars.dropFirst())
        }
        var result: [NumberedLine] = []
        var number = 1
        var start = body.unicodeScalars.startIndex
        var index = start
        let scalars = body.unicodeScalars
        while index < scalars.endIndex {
            let scalar = scalars[index]
            guard scalar == "\n" || scalar == "\r" else {
                index = scalars.index(after: index)
                continue
            }
            result.append(NumberedLine(number: number, text: trim(Substring(scalars[start..<index]))))
            number += 1
            var next = scalars.index(after: index)
            if scalar == "\r", next < scalars.endIndex, scalars[next] == "\n" {
                next = scalars.index(after: next)
            }
            start = next
            index = next
        }
        result.append(NumberedLine(number: number, text: trim(Substring(scalars[start..<scalars.endIndex]))))
        return result
    }

    /// The blocks of `text`. Blocks holding only comments are dropped, as Moodle ignores them.
    static func blocks(of text: String) -> [GIFTBlock] {
        var blocks: [GIFTBlock] = []
        var current = GIFTBlock(lines: [], comments: [])
        for line in lines(of: text) {
            if line.text.isEmpty {
                if !current.lines.isEmpty { blocks.append(current) }
                current = GIFTBlock(lines: [], comments: [])
            } else if line.text.unicodeScalars.starts(with: "//".unicodeScalars) {
                current.comments.append(String(line.text))
            } else {
                current.lines.append(line)
            }
        }
        if !current.lines.isEmpty { blocks.append(current) }
        return blocks
    }

    /// `text` without leading and trailing GIFT whitespace.
    static func trim(_ text: Substring) -> Substring {
        let scalars = text.unicodeScalars
        var lower = scalars.startIndex
        var upper = scalars.endIndex
        while lower < upper, GIFTEscaping.isTrimmable(scalars[lower]) {
            lower = scalars.index(after: lower)
        }
        while upper > lower {
            let before = scalars.index(before: upper)
            guard GIFTEscaping.isTrimmable(scalars[before]) else { break }
            upper = before
        }
        return Substring(scalars[lower..<upper])
    }
}
