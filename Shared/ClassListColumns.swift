import Foundation

/// The columns a class list may have, by the headings school offices' spreadsheets give them,
/// in English and Polish: a heading is compared without case, diacritics, spaces, `_`, `-` and
/// `.` ("Adres e-mail", "adres email" and "ADRES_E-MAIL" are one; "Student Number" and
/// "studentNumber" too). Other columns are ignored.
public enum ClassListColumn: String, Sendable, Hashable, CaseIterable {
    case email
    /// The whole name in one column.
    case name
    /// First names, in a column of their own.
    case givenName
    /// Surnames, in a column of their own.
    case familyName
    case studentNumber

    /// The headings this column goes by, as people write them.
    public var headings: [String] {
        switch self {
        case .email: ["email", "e-mail", "adres e-mail", "adres email", "mail"]
        case .name: ["name", "imię i nazwisko", "nazwisko i imię", "full name", "uczeń"]
        case .givenName: ["imię", "first name", "given name"]
        case .familyName: ["nazwisko", "last name", "surname", "family name"]
        case .studentNumber:
            ["studentnumber", "student number", "nr legitymacji", "numer legitymacji", "nr albumu", "numer albumu", "id"]
        }
    }

    /// The column `heading` names, if any.
    public init?(heading: String) {
        let key = Self.key(heading)
        guard let column = Self.byKey[key] else { return nil }
        self = column
    }

    private static let byKey: [String: ClassListColumn] = Dictionary(
        allCases.flatMap { column in column.headings.map { (key($0), column) } }, uniquingKeysWith: { first, _ in first })

    /// `heading` lowercased, without diacritics (ł as l), spaces, `_`, `-` and `.`.
    static func key(_ heading: String) -> String {
        let folded = heading.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
            if scalar.properties.generalCategory == .nonspacingMark { return nil }
            if " _-.\t\u{A0}".unicodeScalars.contains(scalar) { return nil }
            return scalar == "ł" ? "l" : scalar
        }
        return String(String.UnicodeScalarView(folded))
    }
}

/// How a class list's file lays out its columns: the separator its heading line is split at
/// and the column each heading names (nil: a column the import ignores).
public struct ClassListLayout: Sendable, Hashable {
    public var separator: Unicode.Scalar
    public var columns: [ClassListColumn?]
    /// The headings as the file writes them.
    public var headings: [String]

    /// The separators a spreadsheet saves with: Excel in English (`,`), in Polish (`;`), and
    /// Google Sheets' and LibreOffice's tab-separated text.
    public static let separators: [Unicode.Scalar] = [",", ";", "\t"]

    /// The layout of `text`'s first line: of `,` `;` and tab, the separator that splits it into
    /// the most headings this import knows (quotes respected); when it knows none, the one
    /// that splits it into the most fields. Nil when the text has no first line.
    public static func of(_ text: String) -> ClassListLayout? {
        let line = firstLine(text)
        var best: (layout: ClassListLayout, known: Int)?
        for separator in separators {
            guard let headings = try? CSV.records(in: line, separator: separator).first?.fields else { continue }
            let columns = headings.map { ClassListColumn(heading: $0.trimmingCharacters(in: .whitespaces)) }
            let layout = ClassListLayout(separator: separator, columns: columns, headings: headings)
            let known = columns.compactMap { $0 }.count
            guard let current = best else {
                best = (layout, known)
                continue
            }
            if known > current.known || (known == current.known && known == 0 && headings.count > current.layout.headings.count) {
                best = (layout, known)
            }
        }
        return best?.layout
    }

    /// The index of `column`'s first heading.
    public func index(of column: ClassListColumn) -> Int? {
        columns.firstIndex(of: column)
    }

    /// The text's first line that is not empty, up to its line break outside quotes.
    private static func firstLine(_ text: String) -> String {
        var quoted = false
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.toggle() }
            if !quoted && (scalar == "\r" || scalar == "\n") {
                if line.isEmpty { continue }
                break
            }
            line.append(scalar)
        }
        return String(line)
    }
}
