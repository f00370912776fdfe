/// Question text as HTML: the text escaped, line breaks kept (pages show it with
/// `white-space: pre-wrap`), and each formula as MathML. Formulas stand between Moodle's
/// MathJax delimiters: `\(…\)` inline, `\[…\]` and `$$…$$` display; a single `$` is text.
public enum RichText {
    /// The most formulas one text may hold.
    public static let maximumFormulas = 200

    /// A piece of a text: words, or a formula with how it is shown.
    public enum Piece: Equatable, Sendable {
        case text(String)
        case formula(String, display: Bool)
    }

    /// The text as HTML; the first formula the converter refuses is thrown, with its number.
    /// `labelled`: each `<math>` gets an `aria-label` (the text labels a form control).
    public static func html(_ text: String, labelled: Bool = false) throws(FormulaError) -> String {
        var html = ""
        var number = 0
        for piece in try pieces(text) {
            switch piece {
            case .text(let words):
                html.append(HTMLEscaping.escape(words))
            case .formula(let tex, let display):
                number += 1
                do {
                    html.append(try TeXFormula.mathML(tex, display: display, labelled: labelled))
                } catch {
                    throw FormulaError(error.kind, offset: error.offset, formula: number)
                }
            }
        }
        return html
    }

    /// `text` escaped for HTML, formulas left as they are written.
    public static func escaped(_ text: String) -> String {
        HTMLEscaping.escape(text)
    }

    /// What a page shows: ``html(_:)``, or the text escaped when a formula is refused (a text
    /// saved before formulas were checked). Texts with formulas go through a bounded cache.
    public static func shown(_ text: String, labelled: Bool = false) -> String {
        guard mayHoldFormulas(text) else { return HTMLEscaping.escape(text) }
        let key = labelled ? "\u{1}" + text : text
        if let cached = cache.html(for: key) { return cached }
        let html = (try? html(text, labelled: labelled)) ?? HTMLEscaping.escape(text)
        cache.keep(html, for: key)
        return html
    }

    /// The converted texts pages asked for, at most 4096 of them.
    static let cache = RichTextCache(capacity: 4096)

    /// True when the text holds a formula opening (so plain text skips the converter).
    static func mayHoldFormulas(_ text: String) -> Bool {
        text.utf8.contains(where: { $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "$") })
            && (text.contains("\\(") || text.contains("\\[") || text.contains("$$"))
    }

    /// The text cut at its delimiters (read scalar by scalar: a combining mark after `(` does
    /// not hide `\(`). An opening without its closing, or more than ``maximumFormulas``
    /// formulas, is refused.
    public static func pieces(_ text: String) throws(FormulaError) -> [Piece] {
        let characters = Array(text.unicodeScalars)
        var pieces: [Piece] = []
        var words = String.UnicodeScalarView()
        var index = 0
        var count = 0
        while index < characters.count {
            guard let opening = opening(in: characters, at: index) else {
                words.append(characters[index])
                if characters[index] == "\\", index + 1 < characters.count, characters[index + 1] == "$" {
                    words.append("$")
                    index += 1
                }
                index += 1
                continue
            }
            count += 1
            guard count <= maximumFormulas else { throw FormulaError(.tooManyFormulas(maximumFormulas), offset: 1, formula: count) }
            let start = index + 2
            guard let end = find(opening.closing, in: characters, from: start) else {
                throw FormulaError(.unclosedFormula(opening.spelling), offset: 1, formula: count)
            }
            if !words.isEmpty { pieces.append(.text(String(words))) }
            words = String.UnicodeScalarView()
            var formula = String.UnicodeScalarView()
            formula.append(contentsOf: characters[start..<end])
            pieces.append(.formula(String(formula), display: opening.display))
            index = end + 2
        }
        if !words.isEmpty { pieces.append(.text(String(words))) }
        return pieces
    }

    private struct Opening {
        var spelling: String
        var closing: (Unicode.Scalar, Unicode.Scalar)
        var display: Bool
    }

    private static func opening(in characters: [Unicode.Scalar], at index: Int) -> Opening? {
        guard index + 1 < characters.count else { return nil }
        switch (characters[index], characters[index + 1]) {
        case ("\\", "("): return Opening(spelling: "\\(", closing: ("\\", ")"), display: false)
        case ("\\", "["): return Opening(spelling: "\\[", closing: ("\\", "]"), display: true)
        case ("$", "$"): return Opening(spelling: "$$", closing: ("$", "$"), display: true)
        default: return nil
        }
    }

    /// The index of the first `closing` pair at or after `start`, skipping escaped pairs (`\\`, `\$`).
    private static func find(_ closing: (Unicode.Scalar, Unicode.Scalar), in characters: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + 1 < characters.count {
            if characters[index] == closing.0, characters[index + 1] == closing.1 { return index }
            index += characters[index] == "\\" ? 2 : 1
        }
        return nil
    }
}
