/// One token of a TeX formula.
enum TeXToken: Equatable, Sendable {
    /// `\name` (letters) or `\x` (one other character), without the backslash.
    case command(String)
    case open
    case close
    case superscriptSign
    case subscriptSign
    case alignment
    /// Any other character that is not white space.
    case character(Character)
    case end

    /// How the token is written, for refusals.
    var spelling: String {
        switch self {
        case .command(let name): "\\" + name
        case .open: "{"
        case .close: "}"
        case .superscriptSign: "^"
        case .subscriptSign: "_"
        case .alignment: "&"
        case .character(let character): String(character)
        case .end: ""
        }
    }
}

/// Reads a formula's characters as tokens, one at a time, skipping white space and `%`
/// comments; `\text{…}` reads its raw characters through ``rawGroup(after:)``.
struct TeXScanner: Sendable {
    let characters: [Character]
    /// The index of the next character to read.
    private(set) var position = 0

    init(_ formula: String) {
        characters = Array(formula)
    }

    /// The next token and the index of its first character, without consuming it.
    func peek() -> (token: TeXToken, at: Int) {
        var copy = self
        return copy.next()
    }

    /// Consumes and returns the next token and the index of its first character.
    mutating func next() -> (token: TeXToken, at: Int) {
        skipSpace()
        let start = position
        guard position < characters.count else { return (.end, start) }
        let character = characters[position]
        position += 1
        switch character {
        case "{": return (.open, start)
        case "}": return (.close, start)
        case "^": return (.superscriptSign, start)
        case "_": return (.subscriptSign, start)
        case "&": return (.alignment, start)
        case "\\": return (.command(commandName()), start)
        default: return (.character(character), start)
        }
    }

    /// True when the next character (white space not skipped) is `character`.
    func nextCharacterIs(_ character: Character) -> Bool {
        position < characters.count && characters[position] == character
    }

    /// After `\text` and its kind: the raw characters of a `{…}` group (nested braces kept,
    /// `\{ \} \\ \$ \% \& \_ \#` unescaped), or nil when no group follows or it is not closed.
    mutating func rawGroup() -> String? {
        skipSpace()
        guard position < characters.count, characters[position] == "{" else { return nil }
        var index = position + 1
        var depth = 0
        var text = ""
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count {
                text.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "{" { depth += 1 }
            if character == "}" {
                if depth == 0 {
                    position = index + 1
                    return text
                }
                depth -= 1
            }
            text.append(character)
            index += 1
        }
        return nil
    }

    /// After a number's first digit: its other digits, and a decimal point followed by digits.
    mutating func numberRest() -> String {
        var rest = ""
        var seenPoint = false
        while position < characters.count {
            let character = characters[position]
            if character.isASCII, character.isNumber {
                rest.append(character)
            } else if character == ".", !seenPoint, position + 1 < characters.count, characters[position + 1].isASCII,
                characters[position + 1].isNumber
            {
                seenPoint = true
                rest.append(character)
            } else {
                break
            }
            position += 1
        }
        return rest
    }

    /// A command's name after its backslash: a run of ASCII letters, or one other character.
    private mutating func commandName() -> String {
        guard position < characters.count else { return "" }
        let first = characters[position]
        position += 1
        guard first.isASCII, first.isLetter else { return String(first) }
        var name = String(first)
        while position < characters.count, characters[position].isASCII, characters[position].isLetter {
            name.append(characters[position])
            position += 1
        }
        return name
    }

    private mutating func skipSpace() {
        while position < characters.count {
            let character = characters[position]
            if character.isWhitespace {
                position += 1
            } else if character == "%" {
                while position < characters.count, !characters[position].isNewline { position += 1 }
            } else {
                return
            }
        }
    }
}
