import Foundation

/// The input rules of API.md, each answering a clear 400 when broken.
enum Validators {
    /// Trims, checks the shape and length of an address; keeps the case the user typed
    /// (uniqueness ignores case in the database).
    static func email(_ raw: String) throws -> String {
        let email = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !email.isEmpty else { throw APIError.validation("Email is required.") }
        guard email.utf8.count <= 254 else { throw APIError.validation("Email may be at most 254 characters.") }
        guard looksLikeEmail(email) else { throw APIError.validation("Email is not a valid address.") }
        return email
    }

    /// 8 to 128 characters, any Unicode, never trimmed or cut; within the hash scheme's byte
    /// limit (bcrypt: 72 bytes) so that nothing is silently ignored. Characters are Unicode
    /// code points, as JSON Schema's `minLength`/`maxLength` count them.
    static func newPassword(_ password: String, scheme: HashScheme) throws {
        let length = password.unicodeScalars.count
        guard length >= 8 else { throw APIError.validation("Password must be at least 8 characters.") }
        guard length <= 128 else { throw APIError.validation("Password may be at most 128 characters.") }
        guard !password.unicodeScalars.contains("\0") else {
            throw APIError.validation("Password may not contain the NUL character.")
        }
        if let limit = scheme.maxPasswordBytes, password.utf8.count > limit {
            throw APIError.validation("Password may be at most \(limit) bytes with the configured hashing scheme.")
        }
    }

    /// A course name (2–100 characters) or description (2–1000), trimmed; characters are
    /// code points, as for passwords.
    static func text(_ raw: String, field: String, length: ClosedRange<Int>) throws -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard length.contains(text.unicodeScalars.count) else {
            throw APIError.validation("\(field) must be \(length.lowerBound) to \(length.upperBound) characters.")
        }
        guard !text.unicodeScalars.contains("\0") else {
            throw APIError.validation("\(field) may not contain the NUL character.")
        }
        return text
    }

    /// Four ASCII letters, any case; returned upper-cased. (Checked before upper-casing, which
    /// would turn "ß" into "SS".)
    static func courseCode(_ raw: String) throws -> String {
        let code = raw.trimmingCharacters(in: .whitespaces)
        let isLetter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) || ("a"..."z").contains($0) }
        guard code.unicodeScalars.count == 4, code.unicodeScalars.allSatisfy(isLetter) else {
            throw APIError.validation("A course code is four letters, such as ABCD.")
        }
        return code.uppercased()
    }

    private static func looksLikeEmail(_ email: String) -> Bool {
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0]
        let domain = parts[1]
        guard (1...64).contains(local.utf8.count), domain.utf8.count >= 3 else { return false }
        let forbidden = CharacterSet.whitespacesAndNewlines.union(.controlCharacters).union(CharacterSet(charactersIn: "<>()[],;:\\\""))
        guard email.unicodeScalars.allSatisfy({ !forbidden.contains($0) }) else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty && !$0.hasPrefix("-") && !$0.hasSuffix("-") }
    }
}
