/// A formula as one line of plain text ("(1)/(2)", "√(x)", "x^2"): the name of a `<math>` that
/// labels a form control (`aria-label`), as the `math` role takes no name from its content.
enum MathSpeech {
    static func linear(_ node: MathNode) -> String {
        switch node {
        case .identifier(let text, _), .number(let text), .operation(let text, _), .text(let text): text
        case .space: " "
        case .row(let nodes): nodes.map(linear).joined()
        case .fraction(let top, let bottom, _): "(\(linear(top)))/(\(linear(bottom)))"
        case .binomial(let top, let bottom): "C(\(linear(top)), \(linear(bottom)))"
        case .root(let radicand, nil): "√(\(linear(radicand)))"
        case .root(let radicand, let index?): "\(linear(index))√(\(linear(radicand)))"
        case .scripts(let base, let sub, let sup, _):
            linear(base) + (sub.map { "_" + grouped($0) } ?? "") + (sup.map { "^" + grouped($0) } ?? "")
        case .accent(let base, let mark, _): linear(base) + mark
        case .table(let rows, _): rows.map { $0.map(linear).joined(separator: ", ") }.joined(separator: "; ")
        }
    }

    private static func grouped(_ node: MathNode) -> String {
        let text = linear(node)
        return text.count == 1 ? text : "(" + text + ")"
    }
}
