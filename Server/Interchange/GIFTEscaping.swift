import Foundation

/// One Unicode scalar of GIFT text after escape processing.
///
/// GIFT's control characters (`~ = # { } :`) are syntax unless escaped with a backslash.
/// Decoding keeps that distinction per character, so the parser can look for syntax
/// while the text keeps the literal characters. Scalars, not grapheme clusters, are the
/// unit, as in Moodle's byte-wise parser: `{` followed by a combining mark is still a brace.
struct GIFTChar: Sendable, Equatable {
    let scalar: Unicode.Scalar
    /// True when the character came from an escape (`\~`, `\n`, `\\`, …): text, never syntax.
    let escaped: Bool

    /// Whether this is the unescaped control character `c`.
    func isSyntax(_ c: Unicode.Scalar) -> Bool { !escaped && scalar == c }
}

/// Escape handling for GIFT, both ways.
enum GIFTEscaping {
    /// Characters that a backslash turns into literal text (besides `\n`).
    static let escapable: Set<Unicode.Scalar> = ["~", "=", "#", "{", "}", ":", "\\"]

    /// Whitespace that GIFT trims, as PHP's `trim` does: space, tab, LF, CR, NUL, VT.
    static func isTrimmable(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x20, 0x09, 0x0A, 0x0D, 0x00, 0x0B: true
        default: false
        }
    }

    /// Decodes GIFT text: `\~ \= \# \{ \} \: \\` become literal characters, `\n` a newline;
    /// a backslash before anything else (or at the end) stays a plain backslash.
    static func decode<S: StringProtocol>(_ text: S) -> [GIFTChar] {
        var out: [GIFTChar] = []
        out.reserveCapacity(text.unicodeScalars.count)
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            guard scalar == "\\", let next = pending else {
                out.append(GIFTChar(scalar: scalar, escaped: false))
                continue
            }
            if escapable.contains(next) {
                out.append(GIFTChar(scalar: next, escaped: true))
                pending = iterator.next()
            } else if next == "n" {
                out.append(GIFTChar(scalar: "\n", escaped: true))
                pending = iterator.next()
            } else {
                out.append(GIFTChar(scalar: scalar, escaped: false))
            }
        }
        return out
    }

    /// Escapes text for GIFT so that it reads back as the same characters: control
    /// characters and backslashes get a backslash, line breaks become `\n` (a real line
    /// break could end the question). A CR or CRLF is written as `\n` as well, since GIFT
    /// has no way to write a carriage return.
    static func escape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\n":
                if !previousWasCR { out.append(contentsOf: "\\n".unicodeScalars) }
            case "\r":
                out.append(contentsOf: "\\n".unicodeScalars)
            case _ where escapable.contains(scalar):
                out.append("\\")
                out.append(scalar)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }
}

extension ArraySlice where Element == GIFTChar {
    /// The characters as a plain string (escapes already resolved).
    var string: String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: lazy.map(\.scalar))
        return String(view)
    }

    /// The slice without leading and trailing GIFT whitespace (escaped or not, as Moodle
    /// trims after resolving escapes).
    var trimmed: ArraySlice<GIFTChar> {
        var lower = startIndex
        var upper = endIndex
        while lower < upper, GIFTEscaping.isTrimmable(self[lower].scalar) { lower += 1 }
        while upper > lower, GIFTEscaping.isTrimmable(self[upper - 1].scalar) { upper -= 1 }
        return self[lower..<upper]
    }

    /// Whether the slice is empty or only whitespace.
    var isBlank: Bool { trimmed.isEmpty }

    /// The index of the first unescaped `c`, if any.
    func firstSyntax(_ c: Unicode.Scalar) -> Int? {
        firstIndex { $0.isSyntax(c) }
    }

    /// The index where the first unescaped run `pattern` (e.g. `::`, `->`) starts.
    func firstRun(_ pattern: String, from start: Int? = nil) -> Int? {
        let scalars = Array(pattern.unicodeScalars)
        guard !scalars.isEmpty, count >= scalars.count else { return nil }
        var index = Swift.max(start ?? startIndex, startIndex)
        while index + scalars.count <= endIndex {
            if matches(scalars, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// The index where the last unescaped run `pattern` starts (GIFT's `####` rule).
    func lastRun(_ pattern: String) -> Int? {
        let scalars = Array(pattern.unicodeScalars)
        guard !scalars.isEmpty, count >= scalars.count else { return nil }
        var index = endIndex - scalars.count
        while index >= startIndex {
            if matches(scalars, at: index) { return index }
            index -= 1
        }
        return nil
    }

    /// Whether the slice starts with the unescaped run `pattern`.
    func hasRunPrefix(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        return count >= scalars.count && matches(scalars, at: startIndex)
    }

    private func matches(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        for (offset, scalar) in scalars.enumerated() where !self[index + offset].isSyntax(scalar) {
            return false
        }
        return true
    }

    /// Splits at each unescaped character in `separators`; each piece after the first
    /// records the separator that opened it. The first piece has no separator.
    func pieces(splitAt separators: Set<Unicode.Scalar>) -> [(marker: Unicode.Scalar?, body: ArraySlice<GIFTChar>)] {
        var result: [(marker: Unicode.Scalar?, body: ArraySlice<GIFTChar>)] = []
        var marker: Unicode.Scalar?
        var start = startIndex
        for index in indices where !self[index].escaped && separators.contains(self[index].scalar) {
            result.append((marker, self[start..<index]))
            marker = self[index].scalar
            start = index + 1
        }
        result.append((marker, self[start..<endIndex]))
        return result
    }

    /// Splits at the first unescaped `c`: the part before and, if `c` occurs, the part after.
    func splitOnce(at c: Unicode.Scalar) -> (head: ArraySlice<GIFTChar>, tail: ArraySlice<GIFTChar>?) {
        guard let index = firstSyntax(c) else { return (self, nil) }
        return (self[startIndex..<index], self[(index + 1)..<endIndex])
    }
}
