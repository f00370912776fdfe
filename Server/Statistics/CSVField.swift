import Foundation

/// One field of the CSV files the server writes (the grade book, the statistics table), as
/// spreadsheets read them: RFC 4180 quoting, and text that a spreadsheet would run as a formula
/// led by an apostrophe.
///
/// A field is quoted (inner quotes doubled) when it holds a comma, a quote, CR or LF, and also
/// a semicolon or a tab: spreadsheets in locales whose list separator is `;` (most of Europe)
/// split an unquoted field there, and the part after the split, `=HYPERLINK(…)`, would escape
/// the defusing of the field's start.
public enum CSVField {
    /// Author or user text: defused, then quoted as needed.
    public static func text(_ value: String) -> String {
        quoted(defused(value))
    }

    /// Text that starts with `=`, `+`, `-`, `@`, tab or CR gets a leading apostrophe.
    public static func defused(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) else { return value }
        return "'" + value
    }

    /// The field in quotes when it holds a separator of any locale, a quote or a line break.
    public static func quoted(_ value: String) -> String {
        let needsQuotes = value.unicodeScalars.contains { [",", ";", "\t", "\"", "\r", "\n"].contains($0) }
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
