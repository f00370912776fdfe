/// The commands: signs, fractions, roots, text, styles, accents, `\left…\right`.
extension TeXParser {
    /// `\name` and its arguments.
    mutating func command(_ name: String, at located: Located) throws(FormulaError) -> MathNode? {
        if let width = TeXSymbols.spaces[name] { return .space(width) }
        if let sign = TeXSymbols.identifiers[name] { return .identifier(sign) }
        if let sign = TeXSymbols.operators[name] { return .operation(sign) }
        if let sign = TeXSymbols.limitOperators[name] { return .operation(sign) }
        if let sign = TeXSymbols.integrals[name] { return .operation(sign) }
        if TeXSymbols.functions.contains(name) { return .identifier(name) }
        if let accent = TeXSymbols.accents[name] {
            return .accent(try argument(for: located), mark: accent.mark, under: accent.under)
        }
        if TeXSymbols.ignored.contains(name) { return nil }
        switch name {
        case "frac", "dfrac", "tfrac", "cfrac":
            let numerator = try argument(for: located)
            let denominator = try argument(for: located)
            return .fraction(numerator, denominator, display: name == "frac" ? nil : name != "tfrac")
        case "binom":
            let top = try argument(for: located)
            return .binomial(top, try argument(for: located))
        case "sqrt":
            return try root(at: located)
        case "text", "textrm", "textnormal", "mbox", "textit", "textbf", "operatorname":
            guard let raw = scanner.rawGroup() else {
                throw FormulaError(.missingArgument(located.token.spelling), offset: located.at + 1)
            }
            return name == "operatorname" ? .identifier(raw) : .text(raw)
        case "mathrm", "mathbf", "boldsymbol", "mathbb", "mathit", "mathsf", "mathcal":
            return TeXStyles.restyle(try argument(for: located), style: name)
        case "left":
            return try fenced(at: located)
        case "begin":
            return try environment(at: located)
        default:
            throw FormulaError(.unknownCommand(located.token.spelling), offset: located.at + 1)
        }
    }

    /// `\sqrt{x}` or `\sqrt[n]{x}`.
    private mutating func root(at located: Located) throws(FormulaError) -> MathNode {
        var index: MathNode?
        if scanner.peek().token == .character("[") {
            let opening = scanner.next()
            try enter(opening)
            defer { depth -= 1 }
            let (nodes, stop) = try list(bracketEnds: true)
            guard stop.token == .character("]") else {
                if stop.token == .end { throw FormulaError(.unclosed("["), offset: opening.at + 1) }
                throw unexpected(stop)
            }
            index = .row(nodes)
        }
        return .root(try argument(for: located), index: index)
    }

    /// `\left( … \right)`: the inside between stretching brackets (`.` for none).
    private mutating func fenced(at located: Located) throws(FormulaError) -> MathNode {
        let opening = try fence(after: located)
        try enter(located)
        defer { depth -= 1 }
        let (nodes, stop) = try list()
        switch stop.token {
        case .command("right"): break
        case .end: throw FormulaError(.unclosed("\\left"), offset: located.at + 1)
        default: throw unexpected(stop)
        }
        let closing = try fence(after: stop)
        return .row([.operation(opening, stretchy: true)] + nodes + [.operation(closing, stretchy: true)])
    }

    /// The bracket after `\left` or `\right`.
    private mutating func fence(after located: Located) throws(FormulaError) -> String {
        let next = scanner.next()
        guard let sign = TeXSymbols.fences[next.token.spelling] else {
            throw FormulaError(.missingArgument(located.token.spelling), offset: located.at + 1)
        }
        return sign
    }
}
