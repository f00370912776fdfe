import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A class list as a school office's spreadsheet saves it, uploaded on the course page (issue
/// 67): Windows-1250, ISO-8859-2, UTF-8 with its mark, `;` or tabs, checked and imported with
/// the right names; a refused file is the course page with why and what to choose in Excel, its
/// text in the text box; random bytes are a page or a 4xx.
@Suite("Teach pages: class lists as spreadsheets save them", .hangGuard)
struct TeachClassListFilesTests {
    /// `file` uploaded as its bytes, as a browser sends a file it does not read.
    static func uploadBytes(
        _ browser: inout TestBrowser, _ path: String, _ file: [UInt8], step: String = "check", language: String = "en"
    ) async throws -> TestReply {
        let boundary = "----ClassList\(UUID().uuidString.prefix(12))"
        var body = ByteBuffer()
        for (name, value) in [("csrf", browser.csrfToken ?? ""), ("text", ""), ("step", step)] {
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n")
        }
        body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"klasa.csv\"\r\n")
        body.writeString("Content-Type: text/csv\r\n\r\n")
        body.writeBytes(file)
        body.writeString("\r\n--\(boundary)--\r\n")
        let headers: HTTPFields = [
            .contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
            .acceptLanguage: language,
        ]
        return try await browser.send(.post, path, headers: headers, body: body)
    }

    /// Each file of `SpreadsheetFiles.everyForm` whose label holds `encoding`: checked (its
    /// names, numbers and how it was read shown), imported, and on the roster.
    static func checkAndImport(_ server: TestServer, encoding: String) async throws {
        var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
        let labels = SpreadsheetFiles.everyForm(SpreadsheetFiles.students()).map(\.label)
        for form in labels.indices where labels[form].contains(encoding) {
            let expected = SpreadsheetFiles.students()
            let file = SpreadsheetFiles.everyForm(expected)[form]
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Klasa \(form)")
            let courseID = try #require(Int(path.split(separator: "/").last ?? ""))
            try await Self.uploadBytes(&browser, path + "/roster/import", file.bytes).expect(.ok)
            #expect(browser.page.contains("2 new accounts to make"), "\(file.label): \(browser.page)")
            #expect(browser.page.contains("<td>Łucja Śliwińska</td><td>123/2024</td>"), "\(file.label)")
            #expect(browser.page.contains("id=\"class-list-read-as\">The file was read as \(encoding)"), "\(file.label)")
            let text = TeachBankPagesTests.unescape(try #require(TestBrowser.value(of: "text", in: browser.page)))
            try await browser.upload(path + "/roster/import", [("text", text), ("step", "import")]).expect(.ok)
            #expect(browser.page.contains("Imported: 2 new accounts made"), "\(file.label): \(browser.page)")
            try await ClassListSpreadsheetTests.expectRoster(server, courseID, expected, token: faculty.token, file.label)
        }
    }

    @Test("UTF-8 files (with its mark, `;`, tabs, commas) checked and imported with their names; how each was read shown")
    func utf8Files() async throws {
        try await TestServer.run { server in try await Self.checkAndImport(server, encoding: "UTF-8") }
    }

    @Test("Windows-1250 and ISO-8859-2 files checked and imported with their names; refused, the course page (no bare error page)")
    func codePageFiles() async throws {
        try await TestServer.run { server in
            try await Self.checkAndImport(server, encoding: "Windows-1250")
            try await Self.checkAndImport(server, encoding: "ISO-8859-2")
            try await Self.expectRefused(server, .windows1250, named: "Windows-1250")
        }
    }

    /// A file without an address column, in `encoding`, refused: the course page with why
    /// (line, columns, separator, encoding) and what to choose in Excel, in English and Polish;
    /// its text kept in the text box.
    static func expectRefused(_ server: TestServer, _ encoding: SpreadsheetFiles.Encoding, named name: String) async throws {
        var (browser, _) = try await TeachCoursePagesTests.teacher(server)
        let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Klasa bez adresów")
        let file = SpreadsheetFiles.bytes("Nazwisko;Imię;Klasa\r\nŻółć;Jaś;1a\r\n", encoding)
        try await Self.uploadBytes(&browser, path + "/roster/import", file).expect(.badRequest)
        #expect(browser.page.contains("id=\"class-list-error\"") && browser.page.contains("id=\"class-list-file\""), "\(name)")
        #expect(browser.page.contains("Line 1 must name the columns"), "\(name): \(browser.page)")
        #expect(browser.page.contains("separated by semicolons, read as \(name)"), "\(name)")
        #expect(browser.page.contains("In Excel choose File › Save as › “CSV UTF-8 (Comma delimited)”"), "\(name)")
        // The file as read, in the text box, to be put right and sent again.
        #expect(browser.page.contains(">Nazwisko;Imię;Klasa\nŻółć;Jaś;1a\n</textarea>"), "\(name): \(browser.page)")
        try await Self.uploadBytes(&browser, path + "/roster/import", file, language: "pl").expect(.badRequest)
        #expect(browser.page.contains("Wiersz 1 musi zawierać nazwy kolumn"), "\(name): \(browser.page)")
        #expect(browser.page.contains("W Excelu wybierz Plik › Zapisz jako › „CSV UTF-8 (rozdzielany przecinkami)”"), "\(name)")
    }

    @Test("a refused UTF-8 file: the course page with why and what to choose in Excel, in Polish too; its text kept")
    func refusedFileSaysWhy() async throws {
        try await TestServer.run { server in try await Self.expectRefused(server, .utf8BOM, named: "UTF-8") }
    }

    @Test("random bytes uploaded as a class list: a page or a 4xx, never a 5xx")
    func randomBytesUploaded() async throws {
        try await TestServer.run { server in
            var (browser, _) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Szum")
            var generator = SystemRandomNumberGenerator()
            for round in 0..<12 {
                let noise = (0..<(round * 53)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let heading = round.isMultiple(of: 2) ? SpreadsheetFiles.bytes("Imię\tNazwisko\tE-mail\n", .iso88592) : []
                let reply = try await Self.uploadBytes(&browser, path + "/roster/import", heading + noise)
                TeachCoursePagesTests.expectAnswered(reply, "random bytes \(round)")
            }
        }
    }
}
