/// Escaping for text and attribute values in the SVG, so an exam title such as `Q&A <draft>` cannot break
/// the document or inject markup.
enum XMLText {
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                if isAllowed(scalar) { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// XML 1.0 forbids most control characters even when escaped; they are dropped.
    /// Tab, line feed and carriage return become spaces so a title stays on one line.
    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    /// Collapses line breaks and tabs into single spaces before escaping (SVG text is one line).
    static func escapeLine(_ text: String) -> String {
        let flattened = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\t", "\n", "\r": " "
            default: String(scalar)
            }
        }.joined()
        return escape(flattened)
    }
}
