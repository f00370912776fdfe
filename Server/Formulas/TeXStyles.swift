/// `\mathbf`, `\mathbb`, `\mathrm` and their kin. MathML Core sets only upright or italic
/// letters, so bold, double-struck, sans-serif and script letters are Unicode's mathematical
/// alphanumeric characters, as MathJax and latex2mathml write them.
enum TeXStyles {
    /// `node` with its letters (and digits) in `style`, the command's name.
    static func restyle(_ node: MathNode, style: String) -> MathNode {
        switch node {
        case .identifier(let name, let normal):
            if style == "mathrm" { return .identifier(name, normal: true) }
            return .identifier(String(name.map { letter($0, style: style) }), normal: normal)
        case .number(let digits):
            return .number(String(digits.map { letter($0, style: style) }))
        case .row(let nodes):
            return .row(nodes.map { restyle($0, style: style) })
        case .fraction(let top, let bottom, let display):
            return .fraction(restyle(top, style: style), restyle(bottom, style: style), display: display)
        case .scripts(let base, let sub, let sup, let limits):
            return .scripts(
                restyle(base, style: style), sub: sub.map { restyle($0, style: style) }, sup: sup.map { restyle($0, style: style) },
                limits: limits)
        case .accent(let base, let mark, let under):
            return .accent(restyle(base, style: style), mark: mark, under: under)
        default:
            return node
        }
    }

    /// Letters Unicode writes elsewhere than its block's rule (double-struck and script).
    private static let exceptions: [String: [Character: Character]] = [
        "mathbb": ["C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"],
        "mathcal": [
            "B": "ℬ", "E": "ℰ", "F": "ℱ", "H": "ℋ", "I": "ℐ", "L": "ℒ", "M": "ℳ", "R": "ℛ", "e": "ℯ", "g": "ℊ", "o": "ℴ",
        ],
    ]

    /// Where each style's capital A, small a and digit 0 stand (nil: not in that style).
    private static let starts: [String: (capital: UInt32, small: UInt32, digit: UInt32?)] = [
        "mathbf": (0x1D400, 0x1D41A, 0x1D7CE), "boldsymbol": (0x1D468, 0x1D482, 0x1D7CE),
        "mathbb": (0x1D538, 0x1D552, 0x1D7D8), "mathsf": (0x1D5A0, 0x1D5BA, 0x1D7E2), "mathcal": (0x1D49C, 0x1D4B6, nil),
    ]

    private static func letter(_ character: Character, style: String) -> Character {
        if let exception = exceptions[style]?[character] { return exception }
        guard let start = starts[style], let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else {
            return character
        }
        let value = scalar.value
        let mapped: UInt32? =
            switch value {
            case 0x41...0x5A: start.capital + value - 0x41
            case 0x61...0x7A: start.small + value - 0x61
            case 0x30...0x39: start.digit.map { $0 + value - 0x30 }
            default: nil
            }
        guard let mapped, let result = Unicode.Scalar(mapped) else { return character }
        return Character(result)
    }
}
