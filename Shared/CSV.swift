import Foundation

/// CSV (RFC 4180) that spreadsheets open, for every table the server writes (the grade book,
/// exam statistics): UTF-8 with a byte order mark (so Excel reads non-ASCII right), every
/// record (the header too) ending in CRLF, a field quoted (inner quotes doubled) when it holds
/// a comma, a quote, a CR or an LF, and also a semicolon or a tab: spreadsheets in locales
/// whose list separator is `;` split an unquoted field there, and the part after the split
/// (`=HYPERLINK(…)`) would escape the defusing of the field's start. Text people wrote is
/// `.text`: when a spreadsheet would take it for a formula (it starts with `=`, `+`, `-`, `@`,
/// a tab or a CR) it gets a leading apostrophe.
public enum CSV {
    public enum Field: Sendable, Hashable {
        /// Written by the program (a number, an id, a date, a name from a fixed set): as it is.
        case plain(String)
        /// Written by a person: defused.
        case text(String)
    }

    /// `separator`: `,`, or `;` for spreadsheets whose decimal separator is a comma (Polish
    /// Excel reads `,`-separated lines into one column).
    public static func document(header: [String], records: [[Field]], separator: String = ",") -> String {
        "\u{FEFF}" + ([header.map(Field.plain)] + records).map { $0.map(written).joined(separator: separator) + "\r\n" }.joined()
    }

    static func written(_ field: Field) -> String {
        let value: String
        switch field {
        case .plain(let text): value = text
        case .text(let text): value = defused(text)
        }
        guard value.unicodeScalars.contains(where: { [",", ";", "\t", "\"", "\r", "\n"].contains($0) }) else { return value }
        // Doubled per Unicode scalar: a quote followed by a combining mark is one `Character`
        // that is not a quote, yet every CSV reader sees the quote.
        let doubled = value.unicodeScalars.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] as [Unicode.Scalar] }
        return "\"" + String(String.UnicodeScalarView(doubled)) + "\""
    }

    static func defused(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return text }
        return "'" + text
    }
}
