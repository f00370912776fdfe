import Foundation

/// Writes interchange questions as Moodle XML, the elements and layout Moodle's own export
/// writes, so that Moodle imports the file and ``MoodleXMLParser`` reads back the same questions.
///
/// Plain text goes out as HTML (`format="html"`: characters escaped, line breaks `<br>`,
/// repeated spaces `&nbsp;`), which reads back to the same text; TeX passes as written. A
/// numerical range `a..b` goes out as its midpoint with half its width as tolerance, the only
/// form Moodle XML has. Topics are `<question type="category">` entries (`$course$/top/…`).
public enum MoodleXMLWriter {
    /// The start of a file, before the first question.
    public static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n"
    /// The end of a file, after the last question.
    public static let footer = "</quiz>\n"

    /// A whole file of `questions`.
    public static func write(_ questions: [InterchangeQuestion]) -> String {
        var pages = Pages()
        return header + pages.write(questions) + footer
    }

    /// Writes a file a page of questions at a time, each category once where it changes.
    public struct Pages: Sendable {
        private var category: [String]?

        public init() {}

        public mutating func write(_ questions: [InterchangeQuestion]) -> String {
            var output = ""
            for question in questions {
                if question.category != category {
                    let line = String(GIFTCategory.line(for: question.category).dropFirst(GIFTCategory.directive.count + 1))
                    output += "  <question type=\"category\">\n    <category>\n      <text>\(escape(line))</text>\n    </category>\n"
                    output += "  </question>\n\n"
                    category = question.category
                }
                output += MoodleXMLWriter.question(question) + "\n"
            }
            return output
        }
    }

    /// One `<question>` element.
    public static func question(_ question: InterchangeQuestion) -> String {
        var lines: [String] = []
        let type: String
        switch question.kind {
        case .singleChoice, .multipleChoice: type = "multichoice"
        case .trueFalse: type = "truefalse"
        case .shortAnswer: type = "shortanswer"
        case .numerical: type = "numerical"
        case .matching: type = "match"
        case .essay: type = "essay"
        case .description: type = "description"
        }
        let format = question.textFormat
        lines.append("  <question type=\"\(type)\">")
        lines.append("    <name>\n      <text>\(escape(question.name ?? ""))</text>\n    </name>")
        lines.append(rich("questiontext", question.text, format, indent: 4, picture: question.image))
        lines.append(rich("generalfeedback", question.generalFeedback ?? "", format, indent: 4))
        let points = question.points ?? (question.kind == .description ? 0 : 1)
        lines.append("    <defaultgrade>\(points)</defaultgrade>")
        lines.append("    <penalty>0.3333333</penalty>\n    <hidden>0</hidden>\n    <idnumber></idnumber>")
        lines += kindLines(question.kind, format: format, graderInfo: question.graderInfo)
        if !question.tags.isEmpty {
            lines.append("    <tags>")
            for tag in question.tags { lines.append("      <tag><text>\(escape(tag))</text></tag>") }
            lines.append("    </tags>")
        }
        lines.append("  </question>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func kindLines(_ kind: InterchangeQuestion.Kind, format: InterchangeTextFormat, graderInfo: String?) -> [String] {
        switch kind {
        case .singleChoice(let choices), .multipleChoice(let choices):
            let single = if case .singleChoice = kind { "true" } else { "false" }
            return [
                "    <single>\(single)</single>", "    <shuffleanswers>true</shuffleanswers>", "    <answernumbering>abc</answernumbering>",
            ]
                + choices.map {
                    answer(fraction: $0.weight, text: $0.text, feedback: $0.feedback, format: format, html: true, picture: $0.image)
                }
        case .trueFalse(let value, let whenWrong, let whenRight):
            return [
                answer(fraction: value ? 100 : 0, text: "true", feedback: value ? whenRight : whenWrong, format: format, html: false),
                answer(fraction: value ? 0 : 100, text: "false", feedback: value ? whenWrong : whenRight, format: format, html: false),
            ]
        case .shortAnswer(let answers):
            return ["    <usecase>0</usecase>"]
                + answers.map { answer(fraction: $0.weight, text: $0.text, feedback: $0.feedback, format: format, html: false) }
        case .numerical(let answers, let otherwise):
            var lines = answers.map { answer in
                let (value, tolerance) =
                    if let min = answer.min, let max = answer.max { (answer.value, (max - min) / 2) } else {
                        (answer.value, answer.tolerance ?? 0)
                    }
                return Self.answer(
                    fraction: answer.weight, text: GIFTNumbers.formatNumber(value), feedback: answer.feedback, format: format, html: false,
                    extra: "      <tolerance>\(GIFTNumbers.formatNumber(tolerance))</tolerance>")
            }
            if let otherwise { lines.append(answer(fraction: 0, text: "*", feedback: otherwise, format: format, html: false)) }
            return lines
        case .matching(let pairs, let distractors):
            let entries = pairs.map { ($0.item, $0.option) } + distractors.map { ("", $0) }
            return ["    <shuffleanswers>true</shuffleanswers>"]
                + entries.map { item, option in
                    rich(
                        "subquestion", item, format, indent: 4,
                        inner: "      <answer>\n        <text>\(escape(option))</text>\n      </answer>")
                }
        case .essay:
            return [
                "    <responseformat>editor</responseformat>", "    <responserequired>1</responserequired>",
                "    <responsefieldlines>15</responsefieldlines>", "    <attachments>0</attachments>",
                "    <attachmentsrequired>0</attachmentsrequired>", rich("graderinfo", graderInfo ?? "", format, indent: 4),
                "    <responsetemplate format=\"html\">\n      <text></text>\n    </responsetemplate>",
            ]
        case .description:
            return []
        }
    }

    private static func answer(
        fraction: Double, text: String, feedback: String?, format: InterchangeTextFormat, html: Bool, extra: String? = nil,
        picture: InterchangePicture? = nil
    ) -> String {
        let body =
            html
            ? "      <text>\(escape(htmlText(text, format) + MoodleXMLPictureText.img(picture, format)))</text>"
            : "      <text>\(escape(text))</text>"
        var lines = [
            "    <answer fraction=\"\(GIFTNumbers.formatWeight(fraction))\" format=\"\(html ? formatName(format) : "moodle_auto_format")\">",
            body,
        ]
        if let picture { lines.append("      " + MoodleXMLPictureText.file(picture)) }
        lines.append(rich("feedback", feedback ?? "", format, indent: 6))
        if let extra { lines.append(extra) }
        lines.append("    </answer>")
        return lines.joined(separator: "\n")
    }

    /// `<element format="…"><text>…</text></element>` for a text in the question's format,
    /// with its picture's `<img>` and `<file>`.
    private static func rich(
        _ element: String, _ text: String, _ format: InterchangeTextFormat, indent: Int, inner: String? = nil,
        picture: InterchangePicture? = nil
    ) -> String {
        let pad = String(repeating: " ", count: indent)
        let html = htmlText(text, format) + MoodleXMLPictureText.img(picture, format)
        var output = "\(pad)<\(element) format=\"\(formatName(format))\">\n\(pad)  <text>\(escape(html))</text>\n"
        if let picture { output += "\(pad)  \(MoodleXMLPictureText.file(picture))\n" }
        if let inner { output += inner + "\n" }
        return output + "\(pad)</\(element)>"
    }

    /// Moodle's name of a text format.
    static func formatName(_ format: InterchangeTextFormat) -> String {
        switch format {
        case .moodle, .html: "html"
        case .markdown: "markdown"
        case .plain: "plain_text"
        }
    }

    /// The text as Moodle reads it in that format: plain text escaped as HTML for `html`. A
    /// space that HTML would collapse or that carries a combining mark is written as an entity.
    static func htmlText(_ text: String, _ format: InterchangeTextFormat) -> String {
        guard format == .moodle else { return text }
        var output = ""
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\n": output += "<br>"
            case " ":
                let previous = offset > 0 ? scalars[offset - 1] : "\n"
                let next = offset + 1 < scalars.count ? scalars[offset + 1] : "\n"
                let plain = previous != " " && previous != "\n" && next != "\n" && !next.properties.isWhitespace && !isMark(next)
                output += plain ? " " : "&#32;"
            default:
                if scalar.properties.isWhitespace || (offset == 0 && isMark(scalar)) {
                    output += "&#\(scalar.value);"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        [.nonspacingMark, .spacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
    }

    /// Text escaped for XML character data or an attribute value.
    static func escape(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\r": output += "&#13;"
            default: output.append(character)
            }
        }
        return output
    }
}
