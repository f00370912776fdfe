import Foundation

/// Moodle's metadata in GIFT comment lines: `// [id:123] [tag:basic] [tag:set 1]`.
///
/// Moodle reads these from the comment lines of a question's block (comments directly
/// above or inside the question, with no blank line between). The first `[id:…]` wins;
/// every `[tag:…]` is a tag. A `]` inside a value is written `\]`. Values are trimmed;
/// empty ones and tags with characters Moodle refuses in tags (`<`, `>`, backquote,
/// control characters) are ignored, as Moodle's pattern would not match them.
enum GIFTComments {
    /// The id (if any) and the tags found in the given comment lines.
    static func metadata(in comments: [String]) -> (id: String?, tags: [String]) {
        var id: String?
        var tags: [String] = []
        for comment in comments {
            for (key, value) in bracketedValues(in: comment) {
                switch key {
                case "id" where id == nil && !value.unicodeScalars.contains(where: isControl):
                    id = value
                case "tag" where isAcceptableTag(value):
                    tags.append(value)
                default:
                    break
                }
            }
        }
        return (id, tags)
    }

    /// The comment line that carries `id` and `tags`, or nil when there is nothing to say.
    static func line(id: String?, tags: [String]) -> String? {
        var parts: [String] = []
        if let id, !id.isEmpty { parts.append("[id:\(escape(id))]") }
        parts += tags.map { "[tag:\(escape($0))]" }
        return parts.isEmpty ? nil : "// " + parts.joined(separator: " ")
    }

    /// `[key:value]` pairs for the keys `id` and `tag`, with `\]` resolved.
    private static func bracketedValues(in comment: String) -> [(String, String)] {
        var found: [(String, String)] = []
        let scalars = Array(comment.unicodeScalars)
        var index = 0
        while index < scalars.count {
            guard scalars[index] == "[", let key = key(in: scalars, at: index + 1) else {
                index += 1
                continue
            }
            var cursor = index + 1 + key.count + 1
            var value = String.UnicodeScalarView()
            var closed = false
            while cursor < scalars.count {
                let scalar = scalars[cursor]
                if scalar == "\\", cursor + 1 < scalars.count, scalars[cursor + 1] == "]" {
                    value.append("]")
                    cursor += 2
                } else if scalar == "]" {
                    closed = true
                    break
                } else {
                    value.append(scalar)
                    cursor += 1
                }
            }
            guard closed else { break }
            let trimmed = String(GIFTScanner.trim(Substring(String(value))))
            if !trimmed.isEmpty { found.append((key, trimmed)) }
            index = cursor + 1
        }
        return found
    }

    /// `id` or `tag` when `scalars` holds `id:` or `tag:` at `start`.
    private static func key(in scalars: [Unicode.Scalar], at start: Int) -> String? {
        for key in ["id", "tag"] {
            let wanted = Array((key + ":").unicodeScalars)
            if start + wanted.count <= scalars.count,
                Array(scalars[start..<(start + wanted.count)]) == wanted
            {
                return key
            }
        }
        return nil
    }

    private static func isAcceptableTag(_ tag: String) -> Bool {
        !tag.unicodeScalars.contains { isControl($0) || $0 == "<" || $0 == ">" || $0 == "`" }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// Escapes `]`; a value ending in a backslash gets a space (trimmed on reading) so
    /// that the backslash does not escape the closing bracket.
    private static func escape(_ value: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in value.unicodeScalars {
            if scalar == "]" { escaped.append("\\") }
            escaped.append(scalar)
        }
        return escaped.last == "\\" ? String(escaped) + " " : String(escaped)
    }
}
