import ExamPrepShared
import Foundation

/// The reader behind ``HTMLText/plain(_:)``: a forgiving tokenizer (HTML is not XML: `<br>`
/// stays open, attributes go unquoted) that writes the plain reading as it goes.
///
/// Whitespace in the source collapses as a browser collapses it; `&nbsp;` and `&#32;` are
/// spaces that stay. Paragraph and line breaks are written lazily, before the next text, so
/// none trails.
struct HTMLTextReader {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var out = ""
    private var pendingSpace = false
    /// Newlines owed before the next text: 1 for a line, 2 for a paragraph.
    private var pendingBreak = 0
    private var lists: [(ordered: Bool, count: Int)] = []
    private var cell = 0
    /// Whether the last thing written was a `<br>`: one just before a block's end shows nothing.
    private var endsInBreak = false
    private var leftOutKeys: [Message] = []
    private var pictures: [HTMLText.Picture] = []

    init(_ html: String) {
        scalars = Array(html.unicodeScalars)
    }

    mutating func read() -> HTMLText.Reading {
        while index < scalars.count {
            if scalars[index] == "<", let tag = tag() {
                handle(tag)
            } else {
                text()
            }
        }
        return HTMLText.Reading(text: out, leftOut: leftOutKeys, pictures: pictures)
    }

    // MARK: - Tags

    private struct Tag {
        var name: String
        var closing: Bool
        var attributes: [String: String]
    }

    /// The tag at `<`, or nil (the `<` is text) when none starts here; comments and
    /// declarations are skipped and read as an empty tag.
    private mutating func tag() -> Tag? {
        let start = index
        if starts(with: "<!--") {
            index = find("-->").map { $0 + 3 } ?? scalars.count
            return Tag(name: "", closing: true, attributes: [:])
        }
        var position = index + 1
        let closing = position < scalars.count && scalars[position] == "/"
        if closing { position += 1 }
        guard position < scalars.count else { return nil }
        if !closing, scalars[position] == "!" || scalars[position] == "?" {
            index = find(">").map { $0 + 1 } ?? scalars.count
            return Tag(name: "", closing: true, attributes: [:])
        }
        guard scalars[position].properties.isAlphabetic else { return nil }
        var name = ""
        while position < scalars.count, scalars[position].properties.isAlphabetic || ("0"..."9").contains(scalars[position]) {
            name.unicodeScalars.append(scalars[position])
            position += 1
        }
        index = position
        var attributes: [String: String] = [:]
        while index < scalars.count, scalars[index] != ">" {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace || scalar == "/" {
                index += 1
                continue
            }
            var attribute = ""
            while index < scalars.count, !scalars[index].properties.isWhitespace, !["=", ">", "/"].contains(scalars[index]) {
                attribute.unicodeScalars.append(scalars[index])
                index += 1
            }
            if attribute.isEmpty { index += 1 }
            var value = ""
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                value = attributeValue()
            }
            attributes[attribute.lowercased()] = Self.decode(value)
        }
        guard index < scalars.count else {
            index = start
            return nil
        }
        index += 1
        return Tag(name: name.lowercased(), closing: closing, attributes: attributes)
    }

    private mutating func attributeValue() -> String {
        var value = ""
        guard index < scalars.count else { return value }
        let quote = scalars[index]
        if quote == "\"" || quote == "'" {
            index += 1
            while index < scalars.count, scalars[index] != quote {
                value.unicodeScalars.append(scalars[index])
                index += 1
            }
            index += 1
        } else {
            while index < scalars.count, !scalars[index].properties.isWhitespace, scalars[index] != ">" {
                value.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        return value
    }

    private mutating func handle(_ tag: Tag) {
        guard !tag.name.isEmpty else { return }
        if tag.attributes.keys.contains(where: { $0.hasPrefix("on") }) { leaveOut(Message("moodle-xml.left-out.event")) }
        if let key = HTMLText.dropped[tag.name] {
            leaveOut(Message(key))
            if !tag.closing { skipContent(of: tag.name) }
            return
        }
        if HTMLText.blocks.contains(tag.name) {
            if endsInBreak, out.last == "\n" { out.removeLast() }
            endsInBreak = false
            if ["ul", "ol"].contains(tag.name) {
                if tag.closing { _ = lists.popLast() } else { lists.append((tag.name == "ol", 0)) }
            }
            pendingBreak = 2
            return
        }
        guard HTMLText.inline.contains(tag.name) else {
            leaveOut(Message("moodle-xml.left-out.tag", ["name": .text(tag.name)]))
            return
        }
        guard !tag.closing else { return }
        switch tag.name {
        case "br":
            out.append("\n")
            pendingSpace = false
            endsInBreak = true
        case "li":
            pendingBreak = max(pendingBreak, 1)
            let depth = max(lists.count, 1)
            var marker = String(repeating: "  ", count: depth - 1) + "- "
            if let last = lists.indices.last, lists[last].ordered {
                lists[last].count += 1
                marker = String(repeating: "  ", count: depth - 1) + "\(lists[last].count). "
            }
            write(marker)
        case "tr":
            pendingBreak = max(pendingBreak, 1)
            cell = 0
        case "td", "th":
            if cell > 0 { write(" | ") }
            cell += 1
        case "sub": write("_")
        case "sup": write("^")
        case "img": picture(tag.attributes)
        default: break
        }
    }

    private mutating func picture(_ attributes: [String: String]) {
        let source = attributes["src"] ?? ""
        guard source.hasPrefix(HTMLText.pluginFile) else {
            leaveOut(Message("moodle-xml.left-out.image-elsewhere"))
            return
        }
        let name = String(source.dropFirst(HTMLText.pluginFile.count))
        pictures.append(.init(name: name.removingPercentEncoding ?? name, alt: attributes["alt"] ?? ""))
    }

    /// Skips to the end tag of `name` (counting nested ones), or to the end of the text.
    private mutating func skipContent(of name: String) {
        var depth = 1
        while index < scalars.count {
            guard scalars[index] == "<", let tag = tag() else {
                index += 1
                continue
            }
            if tag.name == name { depth += tag.closing ? -1 : 1 }
            if depth == 0 { return }
        }
    }

    private mutating func leaveOut(_ message: Message) {
        if !leftOutKeys.contains(message) { leftOutKeys.append(message) }
    }

    // MARK: - Text

    private mutating func text() {
        let start = index
        index += 1
        while index < scalars.count, scalars[index] != "<" { index += 1 }
        var raw = ""
        raw.unicodeScalars.append(contentsOf: scalars[start..<index])
        var word = ""
        for scalar in raw.unicodeScalars {
            if scalar.properties.isWhitespace && scalar != "\u{A0}" {
                if !word.isEmpty { write(Self.decode(word)) }
                word = ""
                pendingSpace = true
            } else {
                word.unicodeScalars.append(scalar)
            }
        }
        if !word.isEmpty { write(Self.decode(word)) }
    }

    /// Writes text that shows, after the breaks and the space owed before it.
    private mutating func write(_ text: String) {
        guard !text.isEmpty else { return }
        if !out.isEmpty {
            let trailing = out.reversed().prefix { $0 == "\n" }.count
            if pendingBreak > trailing {
                out.append(String(repeating: "\n", count: pendingBreak - trailing))
            } else if pendingSpace, trailing == 0 {
                out.append(" ")
            }
        }
        pendingBreak = 0
        pendingSpace = false
        endsInBreak = false
        out.append(text)
    }

    /// Entities decoded: numeric ones, XML's five and the few named ones question text uses;
    /// any other is left as written. `&nbsp;` is a space.
    static func decode(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains("&") else { return text }
        var result = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "&", let end = scalars[index...].prefix(12).firstIndex(of: ";") {
                var name = ""
                name.unicodeScalars.append(contentsOf: scalars[(index + 1)..<end])
                if let decoded = named[name] ?? SafeXMLReader.entity(name).map({ String($0) }) {
                    result.append(contentsOf: decoded.unicodeScalars)
                    index = end + 1
                    continue
                }
            }
            result.append(scalar)
            index += 1
        }
        return String(result)
    }

    static let named: [String: String] = [
        "nbsp": " ", "times": "×", "divide": "÷", "plusmn": "±", "deg": "°", "middot": "·", "hellip": "…", "ndash": "–",
        "mdash": "—", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "laquo": "«", "raquo": "»", "le": "≤", "ge": "≥",
        "ne": "≠", "minus": "−", "sup2": "²", "sup3": "³", "frac12": "½", "micro": "µ", "pi": "π", "alpha": "α", "beta": "β",
        "copy": "©", "euro": "€",
    ]

    private func starts(with prefix: String) -> Bool {
        scalars[index...].starts(with: prefix.unicodeScalars)
    }

    private func find(_ marker: String) -> Int? {
        let target = Array(marker.unicodeScalars)
        var position = index
        while position + target.count <= scalars.count {
            if scalars[position..<(position + target.count)].elementsEqual(target) { return position }
            position += 1
        }
        return nil
    }
}
