/// Writes a ``MathNode`` tree as MathML Core, for HTML (no namespace needed there).
struct MathMLWriter {
    private(set) var output = ""

    /// `<math display="…">` around the tree; `labelled` gives it an `aria-label` (``MathSpeech``).
    static func document(_ node: MathNode, display: Bool, labelled: Bool = false) -> String {
        var writer = MathMLWriter()
        writer.output.append(display ? "<math display=\"block\"" : "<math display=\"inline\"")
        if labelled { writer.output.append(" aria-label=\"\(HTMLEscaping.escape(MathSpeech.linear(node)))\"") }
        writer.output.append(">")
        writer.write(node)
        writer.output.append("</math>")
        return writer.output
    }

    private static let brackets: Set<String> = ["(", ")", "[", "]", "{", "}", "|", "‖"]

    mutating func write(_ node: MathNode) {
        switch node {
        case .identifier(let name, let normal):
            leaf(normal ? "mi mathvariant=\"normal\"" : "mi", name, close: "mi")
        case .number(let digits):
            leaf("mn", digits, close: "mn")
        case .operation(let sign, let stretchy):
            let tag = stretchy ? "mo fence=\"true\" stretchy=\"true\"" : Self.brackets.contains(sign) ? "mo stretchy=\"false\"" : "mo"
            leaf(tag, sign, close: "mo")
        case .text(let words):
            leaf("mtext", String(words.map { $0 == " " ? "\u{A0}" : $0 }), close: "mtext")
        case .space(let width):
            output.append("<mspace width=\"\(width)\"></mspace>")
        case .row(let nodes):
            if nodes.count == 1, let only = nodes.first {
                write(only)
            } else {
                element("mrow", nodes)
            }
        case .fraction(let top, let bottom, let display):
            let tag = display.map { "mfrac displaystyle=\"\($0)\"" } ?? "mfrac"
            element(tag, [top, bottom], close: "mfrac")
        case .binomial(let top, let bottom):
            output.append("<mrow><mo>(</mo>")
            element("mfrac linethickness=\"0\"", [top, bottom], close: "mfrac")
            output.append("<mo>)</mo></mrow>")
        case .root(let radicand, let index):
            if let index { element("mroot", [radicand, index]) } else { element("msqrt", [radicand]) }
        case .scripts(let base, let sub, let sup, let limits):
            scripts(base, sub: sub, sup: sup, limits: limits)
        case .accent(let base, let mark, let under):
            element(
                under ? "munder accentunder=\"true\"" : "mover accent=\"true\"", [base, .operation(mark)], close: under ? "munder" : "mover"
            )
        case .table(let rows, let alignments):
            table(rows, alignments: alignments)
        }
    }

    private mutating func scripts(_ base: MathNode, sub: MathNode?, sup: MathNode?, limits: Bool) {
        switch (sub, sup) {
        case (let sub?, let sup?): element(limits ? "munderover" : "msubsup", [base, sub, sup])
        case (let sub?, nil): element(limits ? "munder" : "msub", [base, sub])
        case (nil, let sup?): element(limits ? "mover" : "msup", [base, sup])
        case (nil, nil): write(base)
        }
    }

    private mutating func table(_ rows: [[MathNode]], alignments: [String]?) {
        output.append("<mtable>")
        for row in rows {
            output.append("<mtr>")
            for (column, cell) in row.enumerated() {
                if let alignments, !alignments.isEmpty {
                    output.append("<mtd columnalign=\"\(alignments[column % alignments.count])\">")
                } else {
                    output.append("<mtd>")
                }
                if case .row(let nodes) = cell {
                    for node in nodes { write(node) }
                } else {
                    write(cell)
                }
                output.append("</mtd>")
            }
            output.append("</mtr>")
        }
        output.append("</mtable>")
    }

    private mutating func element(_ tag: String, _ children: [MathNode], close: String? = nil) {
        output.append("<\(tag)>")
        for child in children {
            if case .row(let nodes) = child, nodes.count != 1 {
                element("mrow", nodes)
            } else {
                write(child)
            }
        }
        output.append("</\(close ?? tag)>")
    }

    private mutating func leaf(_ tag: String, _ text: String, close: String) {
        output.append("<\(tag)>")
        output.append(HTMLEscaping.escape(text))
        output.append("</\(close)>")
    }
}
