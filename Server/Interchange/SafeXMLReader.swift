import ExamPrepShared
import Foundation

/// A small XML reader for the subset Moodle XML uses, safe on any input.
///
/// It reads elements, attributes, text, CDATA, comments, processing instructions (the
/// `<?xml …?>` declaration) and the five predefined entities with numeric character
/// references. It refuses any `<!DOCTYPE` (so no entity can be declared: no "billion laughs",
/// no external entities), any other entity, nesting deeper than ``maxDepth``, a document cut
/// short and anything malformed, each with an ``XMLReadError`` naming the line. It never
/// fetches, expands or allocates more than the document's own size.
public struct SafeXMLReader {
    /// The deepest nesting of elements a document may have.
    public static let maxDepth = 64

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The document's root element, or why the document was refused.
    public static func read(_ text: String) throws(XMLReadError) -> XMLElementNode {
        var reader = SafeXMLReader(text)
        return try reader.document()
    }

    private mutating func document() throws(XMLReadError) -> XMLElementNode {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        var stack: [XMLElementNode] = []
        var root: XMLElementNode?
        while index < bytes.count {
            if bytes[index] != ascii("<") {
                let text = try characterData()
                if stack.isEmpty {
                    guard text.allSatisfy(\.isWhitespace) else { throw error("moodle-xml.text-outside") }
                } else {
                    stack[stack.count - 1].text += text
                }
                continue
            }
            if matches("<!--") {
                try skip(past: "-->", opened: "<!--")
            } else if matches("<![CDATA[") {
                let start = index + 9
                try skip(past: "]]>", opened: "<![CDATA[")
                guard !stack.isEmpty else { throw error("moodle-xml.text-outside") }
                stack[stack.count - 1].text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
            } else if matches("<!") {
                throw error("moodle-xml.doctype")
            } else if matches("<?") {
                try skip(past: "?>", opened: "<?")
            } else if matches("</") {
                index += 2
                let name = try name()
                skipWhitespace()
                guard index < bytes.count else { throw error("moodle-xml.truncated") }
                guard bytes[index] == ascii(">") else { throw error("moodle-xml.malformed") }
                index += 1
                guard let open = stack.popLast() else { throw error("moodle-xml.close-unopened", ["name": .text(name)]) }
                guard open.name == name else {
                    throw error("moodle-xml.close-mismatch", ["name": .text(name), "open": .text(open.name)])
                }
                if stack.isEmpty {
                    guard root == nil else { throw error("moodle-xml.two-roots") }
                    root = open
                } else {
                    stack[stack.count - 1].children.append(open)
                }
            } else {
                let (element, closed) = try startTag()
                if closed {
                    if stack.isEmpty {
                        guard root == nil else { throw error("moodle-xml.two-roots") }
                        root = element
                    } else {
                        stack[stack.count - 1].children.append(element)
                    }
                } else {
                    guard root == nil else { throw error("moodle-xml.two-roots") }
                    guard stack.count < Self.maxDepth else { throw error("moodle-xml.too-deep", ["count": .integer(Self.maxDepth)]) }
                    stack.append(element)
                }
            }
        }
        guard stack.isEmpty, let root else { throw error("moodle-xml.truncated") }
        return root
    }

    /// `<name attr="value" …>` or `…/>`; whether it closed itself.
    private mutating func startTag() throws(XMLReadError) -> (XMLElementNode, Bool) {
        let startLine = line
        index += 1
        var element = XMLElementNode(name: try name(), line: startLine)
        while true {
            let spaced = skipWhitespace()
            guard index < bytes.count else { throw error("moodle-xml.truncated") }
            if bytes[index] == ascii(">") {
                index += 1
                return (element, false)
            }
            if matches("/>") {
                index += 2
                return (element, true)
            }
            guard spaced else { throw error("moodle-xml.malformed") }
            let attribute = try name()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == ascii("=") else { throw error("moodle-xml.malformed") }
            index += 1
            skipWhitespace()
            guard index < bytes.count else { throw error("moodle-xml.truncated") }
            let quote = bytes[index]
            guard quote == ascii("\"") || quote == ascii("'") else { throw error("moodle-xml.malformed") }
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                guard bytes[index] != ascii("<") else { throw error("moodle-xml.malformed") }
                if bytes[index] == ascii("\n") { line += 1 }
                index += 1
            }
            guard index < bytes.count else { throw error("moodle-xml.truncated") }
            element.attributes[attribute] = try resolveEntities(bytes[start..<index])
            index += 1
        }
    }

    /// An element or attribute name: letters, digits, `_ - . :` and any non-ASCII byte.
    private mutating func name() throws(XMLReadError) -> String {
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            let isNameByte =
                byte >= 0x80 || (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z"))
                || (byte >= ascii("0") && byte <= ascii("9")) || [ascii("_"), ascii("-"), ascii("."), ascii(":")].contains(byte)
            guard isNameByte else { break }
            index += 1
        }
        guard index > start else {
            throw error(index < bytes.count ? "moodle-xml.malformed" : "moodle-xml.truncated")
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Text up to the next `<`, entities resolved.
    private mutating func characterData() throws(XMLReadError) -> String {
        let start = index
        while index < bytes.count, bytes[index] != ascii("<") {
            if bytes[index] == ascii("\n") { line += 1 }
            index += 1
        }
        return try resolveEntities(bytes[start..<index])
    }

    /// `&lt; &gt; &amp; &quot; &apos; &#N; &#xH;` resolved; any other `&` is refused.
    private func resolveEntities(_ raw: ArraySlice<UInt8>) throws(XMLReadError) -> String {
        guard raw.contains(ascii("&")) else { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var position = raw.startIndex
        while position < raw.endIndex {
            guard raw[position] == ascii("&") else {
                out.append(raw[position])
                position += 1
                continue
            }
            guard let end = raw[position...].prefix(12).firstIndex(of: ascii(";")) else {
                throw error("moodle-xml.entity-unknown", ["entity": .text(String(decoding: raw[position...].prefix(12), as: UTF8.self))])
            }
            let entity = String(decoding: raw[(position + 1)..<end], as: UTF8.self)
            guard let scalar = Self.entity(entity) else { throw error("moodle-xml.entity-unknown", ["entity": .text("&\(entity);")]) }
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
            position = end + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The character an entity's name (between `&` and `;`) stands for, if XML predefines it.
    static func entity(_ name: String) -> Unicode.Scalar? {
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
            guard name.hasPrefix("#"), name.count > (hex ? 2 : 1) else { return nil }
            guard let value = UInt32(name.dropFirst(hex ? 2 : 1), radix: hex ? 16 : 10), value != 0 else { return nil }
            return Unicode.Scalar(value)
        }
    }

    /// Moves past the next `end`; a document that ends first is truncated.
    private mutating func skip(past end: String, opened: String) throws(XMLReadError) {
        let marker = Array(end.utf8)
        index += opened.utf8.count
        while index < bytes.count {
            if bytes[index] == marker[0], bytes[index...].starts(with: marker) {
                index += marker.count
                return
            }
            if bytes[index] == ascii("\n") { line += 1 }
            index += 1
        }
        throw error("moodle-xml.truncated")
    }

    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = index
        while index < bytes.count, [ascii(" "), ascii("\t"), ascii("\r"), ascii("\n")].contains(bytes[index]) {
            if bytes[index] == ascii("\n") { line += 1 }
            index += 1
        }
        return index > start
    }

    private func matches(_ prefix: String) -> Bool {
        bytes[index...].starts(with: prefix.utf8)
    }

    private func error(_ key: String, _ values: [String: MessageValue] = [:]) -> XMLReadError {
        var values = values
        values["line"] = .integer(line)
        return XMLReadError(key, values)
    }

    private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(truncatingIfNeeded: character.value) }
}
