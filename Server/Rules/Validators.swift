import ExamPrepShared
import Foundation

/// The input rules of the API (docs/API.md), each throwing `InvalidInput` with a message for
/// a person when broken. Lengths count Unicode code points, as JSON Schema's `minLength` and
/// `maxLength` do.
public enum Validators {
    private static let knownTimeZones = Set(TimeZone.knownTimeZoneIdentifiers)

    /// An IANA time zone name the server knows ("Europe/Warsaw", "UTC"), as given.
    public static func timeZone(_ raw: String, field: String = "timeZone") throws -> String {
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard name == "UTC" || knownTimeZones.contains(name) else {
            throw InvalidInput("validation.time-zone", ["field": .text(field)])
        }
        return name
    }

    /// A trimmed text of `length` characters without NUL (a course name, a description, …).
    /// `field` names it in the refusal: a field's name for a person (`.message(Message("field.…"))`)
    /// or its JSON name, said as it is (`.text("title")`).
    public static func text(_ raw: String, field: MessageValue, length: ClosedRange<Int>) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard length.contains(text.unicodeScalars.count) else {
            throw InvalidInput(
                "validation.text-length", ["field": field, "min": .integer(length.lowerBound), "max": .integer(length.upperBound)])
        }
        guard !text.unicodeScalars.contains("\0") else {
            throw InvalidInput("validation.text-nul", ["field": field])
        }
        return text
    }

    /// `text(_:field:length:)` for a field named by its JSON name (`"questions[2].prompt"`), a
    /// technical name said as it is in every language.
    public static func text(_ raw: String, field: String, length: ClosedRange<Int>) throws -> String {
        try text(raw, field: .text(field), length: length)
    }

    /// Four ASCII letters, any case; returned upper-cased. (Checked before upper-casing, which
    /// would turn "ß" into "SS".)
    public static func courseCode(_ raw: String) throws -> String {
        let code = raw.trimmingCharacters(in: .whitespaces)
        let isLetter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
        guard code.unicodeScalars.count == 4, code.unicodeScalars.allSatisfy(isLetter) else {
            throw InvalidInput("validation.course-code")
        }
        return code.uppercased()
    }

    /// An optional id from the query (`?courseId=12`): a positive whole number when present.
    public static func optionalID(_ text: String?, field: String) throws -> Int? {
        guard let text else { return nil }
        guard let id = Int(text), id > 0 else { throw InvalidInput("validation.positive-id", ["field": .text(field)]) }
        return id
    }
}
