import Foundation

/// How ``MoodleXMLWriter`` writes a picture, as Moodle's export does: the text shows it with
/// `<img src="@@PLUGINFILE@@/name" alt="…">` in its own paragraph (which reads back as
/// nothing added to the text), and the file travels beside the text as
/// `<file name="…" path="/" encoding="base64">`.
enum MoodleXMLPictureText {
    /// The `<img>` paragraph that ends an HTML text; nothing without a picture, or in a format
    /// that is not read as HTML (plain text, Markdown: the file still goes out).
    static func img(_ picture: InterchangePicture?, _ format: InterchangeTextFormat) -> String {
        guard let picture, format == .moodle || format == .html else { return "" }
        let source = HTMLText.pluginFile + (picture.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? picture.name)
        return "<p><img src=\"\(attribute(source))\" alt=\"\(attribute(picture.alt))\"></p>"
    }

    /// The `<file>` element holding the picture's bytes.
    static func file(_ picture: InterchangePicture) -> String {
        "<file name=\"\(MoodleXMLWriter.escape(picture.name))\" path=\"/\" encoding=\"base64\">\(Data(picture.bytes).base64EncodedString())</file>"
    }

    /// Text escaped for an HTML attribute in double quotes; whitespace other than a plain
    /// space as a character reference, so that it reads back as written.
    private static func attribute(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default:
                if scalar.properties.isWhitespace && scalar != " " {
                    output += "&#\(scalar.value);"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}
