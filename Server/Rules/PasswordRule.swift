import ExamPrepShared

/// The password rule, for every way a password is chosen (registration, a password change, a
/// reset by a mailed link or a class list's, an invitation accepted, `create-admin`), written
/// here and nowhere else: 8 to 128 characters, any Unicode, never trimmed or cut; no NUL;
/// within what the server's hash scheme takes in full (bcrypt: 72 bytes, libcrypt: 511), so
/// nothing is silently ignored. Lengths count Unicode code points. A refused password is an
/// `InvalidInput` naming the rule it broke, which each face says as it says a field's.
public enum PasswordRule {
    /// Throws `InvalidInput` when `password` breaks the rule; `maxBytes` is what the hash
    /// scheme takes in full (the server's `HashScheme.maxPasswordBytes`).
    public static func check(_ password: String, maxBytes: Int) throws {
        let length = password.unicodeScalars.count
        guard length >= 8 else { throw InvalidInput("validation.password-too-short") }
        guard length <= 128 else { throw InvalidInput("validation.password-too-long") }
        guard !password.unicodeScalars.contains("\0") else {
            throw InvalidInput("validation.password-nul")
        }
        guard password.utf8.count <= maxBytes else {
            throw InvalidInput("validation.password-too-many-bytes", ["count": .integer(maxBytes)])
        }
    }
}
