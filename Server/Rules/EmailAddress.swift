import Foundation

/// An email address as the API takes it: trimmed, at most 254 bytes (RFC 5321), shaped like
/// an address. Two spellings are one account when their `key`s are equal: the key is the
/// address in Unicode NFC with full case folding (`Ärger@x.de`, `ärger@x.de` and the
/// decomposed `A\u{308}rger@x.de` share one), computed here rather than by the database,
/// whose `lower()` depends on its locale. Login, registration and the limits all use it.
public struct EmailAddress: Sendable, Hashable {
    /// As the user typed it (trimmed); shown back to them.
    public let display: String
    /// The identity of the account.
    public let key: String

    static let maxBytes = 254

    /// Registration: throws `InvalidInput` for anything that is not a plausible address.
    public init(validating raw: String) throws {
        let email = Self.trimmed(raw)
        guard !email.isEmpty else { throw InvalidInput("validation.email-required") }
        guard email.utf8.count <= Self.maxBytes else { throw InvalidInput("validation.email-too-long") }
        guard Self.looksLikeEmail(email) else { throw InvalidInput("validation.email-invalid") }
        self.display = email
        self.key = Self.key(email)
    }

    /// Login: the key of what the user typed, or nil when no account can have it (empty,
    /// too long, a NUL): registration refuses such addresses, so saying so reveals nothing.
    public static func lookupKey(_ raw: String) -> String? {
        let email = trimmed(raw)
        guard !email.isEmpty, email.utf8.count <= maxBytes, !email.unicodeScalars.contains("\0") else { return nil }
        return key(email)
    }

    /// Nothing but white space: the field was left empty.
    public static func isBlank(_ raw: String) -> Bool {
        trimmed(raw).isEmpty
    }

    /// NFC, full case folding, NFC again (folding may decompose).
    public static func key(_ email: String) -> String {
        email.precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    private static func trimmed(_ raw: String) -> String {
        raw.trimmingCharacters(in: .whitespacesAndNewlines)
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
