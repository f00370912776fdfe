import Foundation

/// The text of a catalogue file: `key = text` lines, `#` comment lines and blank lines. A key is
/// letters, digits, `-`, `_` and `.`; `\n` in a text is a line break and `\\` a backslash.
public enum CatalogueFile {
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var line: Int
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    public static func parse(_ text: String) throws -> [String: String] {
        var texts: [String: String] = [:]
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.drop(while: { $0 == " " })
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            guard let equals = trimmed.range(of: " = ") else {
                throw Failure(line: index + 1, reason: "not `key = text`")
            }
            let key = String(trimmed[..<equals.lowerBound])
            guard !key.isEmpty, key.unicodeScalars.allSatisfy(isKeyCharacter) else {
                throw Failure(line: index + 1, reason: "the key \(key) holds other characters than letters, digits, -, _ and .")
            }
            guard texts[key] == nil else { throw Failure(line: index + 1, reason: "\(key) is given twice") }
            texts[key] = unescape(trimmed[equals.upperBound...])
        }
        return texts
    }

    private static func isKeyCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            || "-_.".unicodeScalars.contains(scalar)
    }

    private static func unescape(_ text: Substring) -> String {
        guard text.contains("\\") else { return String(text) }
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension [(name: String, contents: String)] {
    /// The texts of every file, together; a key in two files is a failure that names both.
    public func merged() throws -> [String: String] {
        var texts: [String: String] = [:]
        var origin: [String: String] = [:]
        for file in self {
            do {
                for (key, text) in try CatalogueFile.parse(file.contents) {
                    if let earlier = origin[key] {
                        throw CatalogueFile.Failure(line: 0, reason: "\(key) is in \(earlier) and \(file.name)")
                    }
                    texts[key] = text
                    origin[key] = file.name
                }
            } catch let failure as CatalogueFile.Failure where failure.line > 0 {
                throw CatalogueFile.Failure(line: failure.line, reason: "\(file.name): \(failure.reason)")
            }
        }
        return texts
    }
}
