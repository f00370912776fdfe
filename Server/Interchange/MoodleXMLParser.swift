import ExamPrepShared
import Foundation

/// Reads Moodle XML (`<quiz>` of `<question type="…">`, as Moodle's question bank exports it)
/// into interchange questions.
///
/// The document is read by ``SafeXMLReader`` (no DOCTYPE, no entities beyond XML's own,
/// bounded depth): a document it refuses is refused as a whole. Each `<question
/// type="category">` sets the topic of the questions after it, as GIFT's `$CATEGORY:` does.
/// A question of a type the server cannot carry (cloze, calculated, drag and drop, random…)
/// or with broken answers is skipped with a reason; a question read with something left out
/// (HTML the server does not keep, pictures) is imported with a note saying what.
public enum MoodleXMLParser {
    /// The types of question read, by Moodle's name.
    public static let types: Set<String> = [
        "multichoice", "truefalse", "shortanswer", "numerical", "match", "essay", "description",
    ]

    /// The largest picture a `<file>` may hold, decoded (as an uploaded one).
    public static let maxFileBytes = 2 * 1024 * 1024

    /// The questions of `text`, or why the document is not Moodle XML that can be read.
    public static func parse(_ text: String) throws(XMLReadError) -> InterchangeParseResult {
        let root = try SafeXMLReader.read(text)
        guard root.name == "quiz" else { throw XMLReadError("moodle-xml.not-quiz", ["name": .text(root.name)]) }
        var result = InterchangeParseResult()
        var category: [String] = []
        for element in root.children where element.name == "question" {
            let type = element.attributes["type"] ?? ""
            if type == "category" {
                category = GIFTCategory.path(from: element.textOf("category") ?? "")
                continue
            }
            var reader = MoodleXMLQuestionReader(element: element)
            let name = reader.name
            guard types.contains(type) else {
                result.skip(.init(line: element.line, name: name, message: Message("moodle-xml.type-unsupported", ["type": .text(type)])))
                continue
            }
            do {
                var question = try reader.question(type: type)
                question.category = category
                result.questions.append(question)
                for note in reader.notes { result.note(.init(line: element.line, name: name, message: note)) }
            } catch {
                result.skip(.init(line: element.line, name: name, message: error.message))
            }
        }
        return result
    }
}

/// Why one question of a Moodle XML file is skipped.
struct MoodleXMLSkip: Error {
    var message: Message

    init(_ key: String, _ values: [String: MessageValue] = [:]) {
        message = Message(key, values)
    }
}
