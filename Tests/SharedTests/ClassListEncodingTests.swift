import ExamPrepShared
import Foundation
import Testing

/// Class lists as school offices' spreadsheets save them (issue 67): the encoding told from the
/// bytes (`SpreadsheetText`), the separator and the columns from the heading line
/// (`ClassListLayout`, `ClassListColumn`). The byte strings below were written by another
/// encoder (Python's codecs), not by the tables under test.
@Suite("Class lists: encodings, separators and headings")
struct ClassListEncodingTests {
    /// "ĄĆĘŁŃÓŚŹŻąćęłńóśźż" in Windows-1250.
    static let lettersWindows: [UInt8] = [
        0xA5, 0xC6, 0xCA, 0xA3, 0xD1, 0xD3, 0x8C, 0x8F, 0xAF, 0xB9, 0xE6, 0xEA, 0xB3, 0xF1, 0xF3, 0x9C, 0x9F, 0xBF,
    ]
    /// The same in ISO-8859-2.
    static let lettersISO: [UInt8] = [
        0xA1, 0xC6, 0xCA, 0xA3, 0xD1, 0xD3, 0xA6, 0xAC, 0xAF, 0xB1, 0xE6, 0xEA, 0xB3, 0xF1, 0xF3, 0xB6, 0xBC, 0xBF,
    ]
    static let letters = "ĄĆĘŁŃÓŚŹŻąćęłńóśźż"

    /// "Nazwisko;Imię;Adres e-mail;Nr legitymacji\r\nŻółć;Łucja Śliwińska;a@x.pl;7\r\n" as Polish
    /// Excel saves it ("CSV", Windows-1250), `ś` at `Ś`'s place.
    static func polishExcel(capitalS: UInt8) -> [UInt8] {
        Array("Nazwisko;Imi".utf8) + [0xEA] + Array(";Adres e-mail;Nr legitymacji\r\n".utf8) + [0xAF, 0xF3, 0xB3, 0xE6, 0x3B, 0xA3]
            + Array("ucja ".utf8) + [capitalS] + Array("liwi".utf8) + [0xF1] + Array("ska;a@x.pl;7\r\n".utf8)
    }

    static let polishText = "Nazwisko;Imię;Adres e-mail;Nr legitymacji\r\nŻółć;Łucja Śliwińska;a@x.pl;7\r\n"

    @Test func polishLettersInBothCodePages() {
        #expect(SpreadsheetText.decode(Self.lettersWindows) == (Self.letters, .windows1250))
        #expect(SpreadsheetText.decode(Self.lettersISO) == (Self.letters, .iso88592))
        #expect(CentralEuropeanCodePage.windows1250.decode(Self.lettersWindows) == Self.letters)
        #expect(CentralEuropeanCodePage.iso88592.decode(Self.lettersISO) == Self.letters)
    }

    @Test func aPolishExcelFileInEitherCodePage() {
        #expect(SpreadsheetText.decode(Self.polishExcel(capitalS: 0x8C)) == (Self.polishText, .windows1250))
        #expect(SpreadsheetText.decode(Self.polishExcel(capitalS: 0xA6)) == (Self.polishText, .iso88592))
    }

    @Test func utf8WithOrWithoutItsMarkAndUTF16() {
        let utf8 = Array(Self.polishText.utf8)
        #expect(SpreadsheetText.decode(utf8) == (Self.polishText, .utf8))
        #expect(SpreadsheetText.decode([0xEF, 0xBB, 0xBF] + utf8) == (Self.polishText, .utf8))
        let little = Self.polishText.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big = Self.polishText.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(SpreadsheetText.decode([0xFF, 0xFE] + little) == (Self.polishText, .utf16))
        #expect(SpreadsheetText.decode([0xFE, 0xFF] + big) == (Self.polishText, .utf16))
        #expect(SpreadsheetText.decode([0xFF, 0xFE, 0x41]).text == "\u{FFFD}")
    }

    @Test func undefinedBytesAndTiesAreWindows1250() {
        #expect(SpreadsheetText.decode([0x81, 0x41]) == ("\u{FFFD}A", .windows1250))
        #expect(SpreadsheetText.codePage(of: [0xE6]) == .windows1250)
        #expect(SpreadsheetText.codePage(of: [0xB1, 0xB1, 0x9C]) == .iso88592)
    }

    @Test func theSeparatorThatSplitsTheHeadingsIntoTheMostKnownNames() throws {
        let semicolons = try #require(ClassListLayout.of(Self.polishText))
        #expect(semicolons.separator == ";")
        #expect(semicolons.columns == [.familyName, .givenName, .email, .studentNumber])
        #expect(ClassListLayout.of("email\tname\tid\na@x.pl\tA\t1\n")?.separator == "\t")
        #expect(ClassListLayout.of("Email,Name,Student Number\r\n")?.separator == ",")
        // Quotes respected: the comma inside them splits nothing.
        #expect(ClassListLayout.of("\"Nazwisko, imię\";e-mail\n")?.columns == [nil, .email])
        #expect(ClassListLayout.of("\n\r\nemail;name\n")?.separator == ";")
        // No known heading: the separator that splits the line into the most fields.
        #expect(ClassListLayout.of("a;b;c,d\n")?.separator == ";")
        #expect(ClassListLayout.of("") == nil && ClassListLayout.of("\r\n\n") == nil)
    }

    @Test func headingsInEnglishAndPolishWithoutCaseOrDiacritics() {
        let expected: [String: ClassListColumn?] = [
            "Adres e-mail": .email, "ADRES EMAIL": .email, "E-Mail": .email, "mail": .email, "Email": .email,
            "Imię i nazwisko": .name, "Nazwisko i imie": .name, "Full Name": .name, "Uczeń": .name, "UCZEN": .name,
            "IMIĘ": .givenName, "First name": .givenName, "given_name": .givenName,
            "Nazwisko": .familyName, "Surname": .familyName, "lastName": .familyName, "Family name": .familyName,
            "Nr legitymacji": .studentNumber, "Nr. legitymacji": .studentNumber, "numer albumu": .studentNumber,
            "Student_Number": .studentNumber, "studentNumber": .studentNumber, "ID": .studentNumber,
            "Klasa": nil, "": nil, "e\u{0301}mail": .email, "\"email\"": nil,
        ]
        for (heading, column) in expected {
            #expect(ClassListColumn(heading: heading) == column, "\(heading)")
        }
    }

    @Test func anyBytesAreReadWithoutFailing() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let (text, _) = SpreadsheetText.decode(bytes)
            _ = ClassListLayout.of(text)
            _ = try? CSV.records(in: text, separator: ";")
        }
    }
}
