/// Reads a TeX formula into a ``MathNode`` tree, refusing what it does not know.
///
/// Every group, argument, `\left…\right` and environment enters one level; past
/// ``TeXFormula/maximumDepth`` the formula is refused, so no input drives the recursion deeper.
/// Each token is read once: the time is linear in the formula's length.
struct TeXParser {
    /// A token with the index of its first character.
    typealias Located = (token: TeXToken, at: Int)

    var scanner: TeXScanner
    /// How many groups, arguments and environments enclose the current token.
    var depth = 0

    init(_ formula: String) {
        scanner = TeXScanner(formula)
    }

    /// The whole formula as one row.
    mutating func parse() throws(FormulaError) -> MathNode {
        let (nodes, stop) = try list()
        guard stop.token == .end else { throw unexpected(stop) }
        return .row(nodes)
    }

    /// Atoms with their scripts up to a token that ends a list: the end, `}`, `&`, `\\`,
    /// `\right`, `\end`, or `]` when `bracketEnds`. Returns them and that token (consumed).
    mutating func list(bracketEnds: Bool = false) throws(FormulaError) -> ([MathNode], Located) {
        var nodes: [MathNode] = []
        while true {
            let next = scanner.next()
            switch next.token {
            case .end, .close, .alignment, .command("\\"), .command("right"), .command("end"):
                return (nodes, next)
            case .character("]") where bracketEnds:
                return (nodes, next)
            case .superscriptSign, .subscriptSign:
                let script = try argument(for: next)
                try attach(script, superscript: next.token == .superscriptSign, at: next, to: &nodes)
            case .character("'"):
                prime(&nodes)
            default:
                if let node = try atom(next) { nodes.append(node) }
            }
        }
    }

    /// One argument of a command (or of `^`, `_`): a `{…}` group, a single character, or a
    /// command with its own arguments.
    mutating func argument(for command: Located) throws(FormulaError) -> MathNode {
        let next = scanner.next()
        switch next.token {
        case .open:
            return try group(opening: next)
        case .end, .close, .alignment, .superscriptSign, .subscriptSign, .command("\\"), .command("right"), .command("end"):
            throw FormulaError(.missingArgument(command.token.spelling), offset: command.at + 1)
        case .character(let character) where character.isNumber:
            return .number(String(character))
        default:
            try enter(next)
            defer { depth -= 1 }
            guard let node = try atom(next) else {
                throw FormulaError(.missingArgument(command.token.spelling), offset: command.at + 1)
            }
            return node
        }
    }

    /// The inside of `{…}` after its opening brace.
    mutating func group(opening: Located) throws(FormulaError) -> MathNode {
        try enter(opening)
        defer { depth -= 1 }
        let (nodes, stop) = try list()
        switch stop.token {
        case .close: return .row(nodes)
        case .end: throw FormulaError(.unclosed("{"), offset: opening.at + 1)
        default: throw unexpected(stop)
        }
    }

    /// Enters one level of nesting, refusing past the bound.
    mutating func enter(_ located: Located) throws(FormulaError) {
        guard depth < TeXFormula.maximumDepth else {
            throw FormulaError(.tooDeep(TeXFormula.maximumDepth), offset: located.at + 1)
        }
        depth += 1
    }

    /// The refusal of a token that cannot stand where it stands.
    func unexpected(_ located: Located) -> FormulaError {
        switch located.token {
        case .end: FormulaError(.unclosed("{"), offset: located.at + 1)
        default: FormulaError(.unexpected(located.token.spelling), offset: located.at + 1)
        }
    }

    /// Gives the last atom (or an empty one) a subscript or superscript.
    private func attach(_ script: MathNode, superscript: Bool, at: Located, to nodes: inout [MathNode]) throws(FormulaError) {
        let last = nodes.popLast() ?? .row([])
        if case .scripts(let base, let sub, let sup, let limits) = last {
            if superscript, sup == nil {
                nodes.append(.scripts(base, sub: sub, sup: script, limits: limits))
                return
            }
            if !superscript, sub == nil {
                nodes.append(.scripts(base, sub: script, sup: sup, limits: limits))
                return
            }
            throw FormulaError(.doubleScript(at.token.spelling), offset: at.at + 1)
        }
        let limits = if case .operation(let sign, _) = last { TeXSymbols.limitSigns.contains(sign) } else { false }
        nodes.append(.scripts(last, sub: superscript ? nil : script, sup: superscript ? script : nil, limits: limits))
    }

    /// `'` after an atom: a prime in its superscript (`f''` gives two).
    private func prime(_ nodes: inout [MathNode]) {
        let last = nodes.popLast() ?? .row([])
        switch last {
        case .scripts(let base, let sub, .operation(let primes, _)?, let limits) where primes.allSatisfy({ $0 == "′" }):
            nodes.append(.scripts(base, sub: sub, sup: .operation(primes + "′"), limits: limits))
        case .scripts(let base, let sub, nil, let limits):
            nodes.append(.scripts(base, sub: sub, sup: .operation("′"), limits: limits))
        case .scripts:
            nodes.append(last)
            nodes.append(.operation("′"))
        default:
            nodes.append(.scripts(last, sub: nil, sup: .operation("′"), limits: false))
        }
    }

    /// One atom: a character, a group or a command; nil for a command that only changes how
    /// what follows is set (`\limits`, `\displaystyle`, `\big`).
    mutating func atom(_ located: Located) throws(FormulaError) -> MathNode? {
        switch located.token {
        case .open: return try group(opening: located)
        case .command(let name): return try command(name, at: located)
        case .character(let character): return try sign(character, at: located)
        default: throw unexpected(located)
        }
    }

    /// A character of the formula: a number (digits with one decimal point), a letter, a sign.
    private mutating func sign(_ character: Character, at located: Located) throws(FormulaError) -> MathNode {
        if character.isASCII, character.isNumber {
            return .number(String(character) + scanner.numberRest())
        }
        if character.isLetter { return .identifier(String(character)) }
        switch character {
        case "-": return .operation("−")
        case "*": return .operation("∗")
        case "~": return .space("0.333em")
        case "#", "$", "\\": throw FormulaError(.unexpected(String(character)), offset: located.at + 1)
        default: return .operation(String(character))
        }
    }
}
