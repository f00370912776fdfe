/// `\begin{…} … \end{…}`: matrices, cases, aligned equations, arrays.
extension TeXParser {
    /// The brackets around each environment's table, and how its columns are aligned.
    private static let environments: [String: (open: String, close: String, align: [String]?)] = [
        "matrix": ("", "", nil), "smallmatrix": ("", "", nil), "pmatrix": ("(", ")", nil), "bmatrix": ("[", "]", nil),
        "Bmatrix": ("{", "}", nil), "vmatrix": ("|", "|", nil), "Vmatrix": ("‖", "‖", nil), "cases": ("{", "", ["left"]),
        "aligned": ("", "", ["right", "left"]), "align": ("", "", ["right", "left"]), "align*": ("", "", ["right", "left"]),
        "gathered": ("", "", nil), "split": ("", "", ["right", "left"]), "array": ("", "", nil),
    ]

    /// The environment named after `\begin`, up to its `\end`.
    mutating func environment(at located: Located) throws(FormulaError) -> MathNode {
        guard let name = scanner.rawGroup() else {
            throw FormulaError(.missingArgument(located.token.spelling), offset: located.at + 1)
        }
        guard let shape = Self.environments[name] else {
            throw FormulaError(.unknownEnvironment(name), offset: located.at + 1)
        }
        var alignments = shape.align
        if name == "array" {
            guard let spec = scanner.rawGroup() else {
                throw FormulaError(.missingArgument("\\begin{array}"), offset: located.at + 1)
            }
            let columns = spec.compactMap { ["l": "left", "c": "center", "r": "right"][$0] }
            alignments = columns.isEmpty ? nil : columns
        }
        try enter(located)
        defer { depth -= 1 }
        let rows = try rows(of: name, at: located)
        var table = MathNode.table(rows, alignments: alignments)
        if !shape.open.isEmpty || !shape.close.isEmpty {
            var fenced: [MathNode] = [.operation(shape.open, stretchy: true), table]
            if !shape.close.isEmpty { fenced.append(.operation(shape.close, stretchy: true)) }
            table = .row(fenced)
        }
        return table
    }

    /// The cells, `&` between them and `\\` between rows, up to `\end{name}`.
    private mutating func rows(of name: String, at located: Located) throws(FormulaError) -> [[MathNode]] {
        var rows: [[MathNode]] = []
        var cells: [MathNode] = []
        while true {
            let (nodes, stop) = try list()
            cells.append(.row(nodes))
            switch stop.token {
            case .alignment:
                continue
            case .command("\\"):
                rows.append(cells)
                cells = []
            case .command("end"):
                guard let ending = scanner.rawGroup(), ending == name else {
                    throw FormulaError(.unexpected("\\end"), offset: stop.at + 1)
                }
                if !(cells.count == 1 && nodes.isEmpty && !rows.isEmpty) { rows.append(cells) }
                return rows
            case .end:
                throw FormulaError(.unclosed("\\begin{\(name)}"), offset: located.at + 1)
            default:
                throw unexpected(stop)
            }
        }
    }
}
