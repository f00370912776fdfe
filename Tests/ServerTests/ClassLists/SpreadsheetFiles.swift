import ExamPrepShared
import ExamPrepTestSupport
import Foundation

/// Class lists as school offices' spreadsheets save them (issue 67), made byte by byte: the
/// Polish letters' bytes in each code page are written here from the published code charts,
/// not taken from the server's tables.
enum SpreadsheetFiles {
    /// Windows-1250 and ISO-8859-2 bytes of the Polish letters (ASCII is itself in both).
    static let polishBytes: [Character: (windows: UInt8, iso: UInt8)] = [
        "Ą": (0xA5, 0xA1), "Ć": (0xC6, 0xC6), "Ę": (0xCA, 0xCA), "Ł": (0xA3, 0xA3), "Ń": (0xD1, 0xD1), "Ó": (0xD3, 0xD3),
        "Ś": (0x8C, 0xA6), "Ź": (0x8F, 0xAC), "Ż": (0xAF, 0xAF), "ą": (0xB9, 0xB1), "ć": (0xE6, 0xE6), "ę": (0xEA, 0xEA),
        "ł": (0xB3, 0xB3), "ń": (0xF1, 0xF1), "ó": (0xF3, 0xF3), "ś": (0x9C, 0xB6), "ź": (0x9F, 0xBC), "ż": (0xBF, 0xBF),
    ]

    enum Encoding { case windows1250, iso88592, utf8, utf8BOM }

    /// `text` in `encoding`; a character of neither ASCII nor the Polish letters is `?`.
    static func bytes(_ text: String, _ encoding: Encoding) -> [UInt8] {
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .utf8BOM: return [0xEF, 0xBB, 0xBF] + Array(text.utf8)
        case .windows1250, .iso88592:
            return text.flatMap { character -> [UInt8] in
                if let ascii = character.asciiValue { return [ascii] }
                guard let pair = polishBytes[character] else { return [UInt8(ascii: "?")] }
                return [encoding == .windows1250 ? pair.windows : pair.iso]
            }
        }
    }

    /// `field` in quotes, its quotes doubled scalar by scalar (a quote and a combining mark are
    /// one `Character`, yet every CSV reader sees the quote).
    static func quoted(_ field: String) -> String {
        "\"" + String(String.UnicodeScalarView(field.unicodeScalars.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] })) + "\""
    }

    /// What a list of two students must come out as, whatever the file's form.
    struct Expected {
        var first: (email: String, name: String, number: String)
        var second: (email: String, name: String, number: String)
    }

    /// Two students: "Łucja Śliwińska" (123/2024) and "Jaś Żółć" (124/2024), with new addresses.
    static func students() -> Expected {
        Expected(
            first: (uniqueEmail("lucja"), "Łucja Śliwińska", "123/2024"), second: (uniqueEmail("zolc"), "Jaś Żółć", "124/2024"))
    }

    /// Polish Excel's "CSV": `;`, CRLF, first names and surnames apart, Polish headings.
    static func polishExcel(_ expected: Expected) -> String {
        "Nazwisko;Imię;Adres e-mail;Nr legitymacji\r\n"
            + "Śliwińska;Łucja;\(expected.first.email);\(expected.first.number)\r\n"
            + "Żółć;Jaś;\(expected.second.email);\(expected.second.number)\r\n"
    }

    /// Google Sheets' or LibreOffice's tab-separated text: the whole name in one column, LF.
    static func tabSeparated(_ expected: Expected) -> String {
        "Imię i nazwisko\tE-mail\tNr albumu\n"
            + "\(expected.first.name)\t\(expected.first.email)\t\(expected.first.number)\n"
            + "\(expected.second.name)\t\(expected.second.email)\t\(expected.second.number)\n"
    }

    /// English Excel's "CSV UTF-8": commas, English headings, names apart.
    static func englishExcel(_ expected: Expected) -> String {
        "First name,Last name,Email,Student number\r\n"
            + "Łucja,Śliwińska,\(expected.first.email),\(expected.first.number)\r\n"
            + "Jaś,Żółć,\(expected.second.email),\(expected.second.number)\r\n"
    }

    /// The files of one list in each form the issue names.
    static func everyForm(_ expected: Expected) -> [(label: String, bytes: [UInt8])] {
        [
            ("; Windows-1250 CRLF", bytes(polishExcel(expected), .windows1250)),
            ("; ISO-8859-2 LF", bytes(polishExcel(expected).replacingOccurrences(of: "\r\n", with: "\n"), .iso88592)),
            ("; UTF-8 with BOM", bytes(polishExcel(expected), .utf8BOM)),
            ("tab UTF-8", bytes(tabSeparated(expected), .utf8)),
            (", UTF-8 with BOM CRLF", bytes(englishExcel(expected), .utf8BOM)),
        ]
    }
}
