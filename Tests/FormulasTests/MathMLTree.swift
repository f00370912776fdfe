/// A MathML document read as a tree of element names and leaf texts, normalised so that two
/// converters' output can be compared by structure: attributes are dropped, an `mrow` (or
/// `mstyle`, `math`) of one child is that child, rows inside rows are flattened, entities decoded,
/// no-break spaces read as spaces.
indirect enum MathMLTree: Equatable, CustomStringConvertible {
    case element(String, [MathMLTree])
    case text(String)

    var description: String {
        switch self {
        case .text(let text): text
        case .element(let name, let children): name + "(" + children.map(\.description).joined(separator: " ") + ")"
        }
    }

    /// Reads `markup` (well-formed MathML as both converters write it, read scalar by scalar so
    /// that a combining mark after `>` stays apart); nil when it is not.
    static func read(_ markup: String) -> MathMLTree? {
        var stack: [(name: String, children: [MathMLTree])] = [("", [])]
        var rest = markup.unicodeScalars[...]
        while !rest.isEmpty {
            if rest.first == "<" {
                guard let end = rest.firstIndex(of: ">") else { return nil }
                let tag = Substring(rest[rest.index(after: rest.startIndex)..<end])
                rest = rest[rest.index(after: end)...]
                if tag.hasPrefix("/") {
                    guard stack.count > 1, let node = stack.popLast() else { return nil }
                    stack[stack.count - 1].children.append(normalised(node.name, node.children))
                    continue
                }
                let name = String(tag.prefix { $0.isLetter })
                if tag.hasSuffix("/") {
                    stack[stack.count - 1].children.append(normalised(name, []))
                } else {
                    stack.append((name, []))
                }
            } else {
                let end = rest.firstIndex(of: "<") ?? rest.endIndex
                let text = decoded(Substring(rest[..<end])).trimmingWhitespace()
                if !text.isEmpty { stack[stack.count - 1].children.append(.text(text)) }
                rest = rest[end...]
            }
        }
        guard stack.count == 1, let root = stack.first?.children.first else { return nil }
        return root
    }

    private static let rows: Set<String> = ["mrow", "mstyle", "math", "mtd"]

    private static func normalised(_ name: String, _ children: [MathMLTree]) -> MathMLTree {
        guard rows.contains(name) else { return .element(name, children) }
        var flat: [MathMLTree] = []
        for child in children {
            if case .element("mrow", let inner) = child { flat += inner } else { flat.append(child) }
        }
        if name != "mtd", flat.count == 1, let only = flat.first { return only }
        return .element(name == "mtd" ? "mtd" : "mrow", flat)
    }

    private static func decoded(_ text: Substring) -> String {
        var result = ""
        var rest = text
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: ampersand)..<semicolon]
            let named = ["lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'"]
            if let value = named[String(entity)] {
                result += value
            } else if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = Unicode.Scalar(code) {
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        result += rest
        return String(result.map { $0 == "\u{A0}" ? " " : $0 })
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
