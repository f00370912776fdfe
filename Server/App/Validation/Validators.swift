import Foundation

/// The input rules of the API (docs/API.md), each throwing `InvalidInput` with a message for
/// a person when broken. Lengths count Unicode code points, as JSON Schema's `minLength` and
/// `maxLength` do.
enum Validators {
    /// 8 to 128 characters, any Unicode, never trimmed or cut; within what the hash scheme
    /// takes in full (bcrypt: 72 bytes, libcrypt: 511), so nothing is silently ignored.
    static func newPassword(_ password: String, scheme: HashScheme) throws {
        let length = password.unicodeScalars.count
        guard length >= 8 else { throw InvalidInput("Password must be at least 8 characters.") }
        guard length <= 128 else { throw InvalidInput("Password may be at most 128 characters.") }
        guard !password.unicodeScalars.contains("\0") else {
            throw InvalidInput("Password may not contain the NUL character.")
        }
        guard password.utf8.count <= scheme.maxPasswordBytes else {
            throw InvalidInput("Password may be at most \(scheme.maxPasswordBytes) bytes in UTF-8 with the configured hashing scheme.")
        }
    }

    private static let knownTimeZones = Set(TimeZone.knownTimeZoneIdentifiers)

    /// An IANA time zone name the server knows ("Europe/Warsaw", "UTC"), as given.
    static func timeZone(_ raw: String, field: String = "timeZone") throws -> String {
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard name == "UTC" || knownTimeZones.contains(name) else {
            throw InvalidInput("\(field) must be an IANA time zone name such as Europe/Warsaw or America/New_York.")
        }
        return name
    }

    /// An `Idempotency-Key` header: 1–200 visible ASCII characters, or none.
    static func idempotencyKey(_ raw: String?) throws -> String? {
        guard let raw else { return nil }
        guard (1...200).contains(raw.utf8.count), raw.unicodeScalars.allSatisfy({ (0x21...0x7E).contains($0.value) }) else {
            throw InvalidInput("Idempotency-Key must be 1 to 200 visible ASCII characters.")
        }
        return raw
    }

    /// A trimmed text of `length` characters without NUL (a course name, a description, …).
    static func text(_ raw: String, field: String, length: ClosedRange<Int>) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard length.contains(text.unicodeScalars.count) else {
            throw InvalidInput("\(field) must be \(length.lowerBound) to \(length.upperBound) characters.")
        }
        guard !text.unicodeScalars.contains("\0") else {
            throw InvalidInput("\(field) may not contain the NUL character.")
        }
        return text
    }

    /// Four ASCII letters, any case; returned upper-cased. (Checked before upper-casing, which
    /// would turn "ß" into "SS".)
    static func courseCode(_ raw: String) throws -> String {
        let code = raw.trimmingCharacters(in: .whitespaces)
        let isLetter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
        guard code.unicodeScalars.count == 4, code.unicodeScalars.allSatisfy(isLetter) else {
            throw InvalidInput("A course code is four letters, such as ABCD.")
        }
        return code.uppercased()
    }

    /// An optional id from the query (`?courseId=12`): a positive whole number when present.
    static func optionalID(_ text: String?, field: String) throws -> Int? {
        guard let text else { return nil }
        guard let id = Int(text), id > 0 else { throw InvalidInput("\(field) must be a positive whole number.") }
        return id
    }
}
