import ExamPrepRules
import ExamPrepShared
import Testing

/// A class list read for import through the target's public API: its separator and headings
/// found, a student a line, each bad line rejected with why, a file that is no class list
/// refused as a whole.
@Suite("Rules: a class list read")
struct ClassListTests {
    @Test("Polish headings split at a semicolon: first names and surnames make the name; bad lines are rejected by line")
    func polishList() throws {
        let csv = "Nazwisko;Imię;E-mail\nŚwięcka;Zośka;zosia@szkola.pl\nNowak;Jan;nie-adres\nKowal;Ola;ZOSIA@szkola.pl\n;;\n"
        let list = try ClassList(csv: csv)
        #expect(list.separator == ";" && list.encoding == .utf8)
        #expect(list.students.map(\.name) == ["Zośka Święcka"])
        #expect(list.students.map(\.email.display) == ["zosia@szkola.pl"] && list.students.map(\.line) == [2])
        #expect(list.rejected.map(\.line) == [3, 4, 5])
        #expect(list.rejected.map { $0.why?.key } == ["validation.email-invalid", "class-list.repeated", "class-list.missing"])
    }

    @Test("a Windows-1250 file is read as one")
    func windows1250() throws {
        // "email,imię i nazwisko" then "a@b.pl,Łucja Kuś": ę 0xEA, Ł 0xA3, ś 0x9C (a letter only
        // Windows-1250 has there).
        let bytes: [UInt8] =
            Array("email,imi".utf8) + [0xEA] + Array(" i nazwisko\na@b.pl,".utf8) + [0xA3] + Array("ucja Ku".utf8) + [0x9C, 0x0A]
        let list = try ClassList(file: bytes)
        #expect(list.encoding == .windows1250 && list.students.map(\.name) == ["Łucja Kuś"])
    }

    @Test("a file with no address column, or too many lines, is refused as a whole")
    func refusedWhole() {
        #expect(throws: InvalidInput.self) { try ClassList(csv: "Nazwisko;Imię\nNowak;Jan\n") }
        let tooMany = "email\n" + (0...ClassList.maxStudents).map { "s\($0)@b.pl" }.joined(separator: "\n")
        #expect(
            throws: InvalidInput(
                "class-list.too-long", ["count": .integer(ClassList.maxStudents + 1), "max": .integer(ClassList.maxStudents)])
        ) {
            try ClassList(csv: tooMany)
        }
        #expect(ClassList.separatorName(";") == Message("class-list.separator-semicolon"))
    }

    @Test("names with quotes and combining marks are kept as written")
    func fuzz() throws {
        let names = ["O'Brien", "Ze\u{301}nek", "a\"\u{301}b", "\u{301}(x)"]
        // Unquoted: a quote that does not open a field is a character (the reader reads scalars,
        // so a separator with a combining mark after it still separates).
        let csv = "email;name\n" + names.enumerated().map { "u\($0.offset)@b.pl;\($0.element)" }.joined(separator: "\n")
        #expect(try ClassList(csv: csv).students.map(\.name) == names)
    }
}
