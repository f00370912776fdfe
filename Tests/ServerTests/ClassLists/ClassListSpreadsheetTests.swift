import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Class lists as school offices export them (issue 67), through the teacher's API: `;`, `,` or
/// tabs, UTF-8 (with or without its mark), Windows-1250 or ISO-8859-2, Polish or English
/// headings, first names and surnames apart; a refused file says which line, which column, what
/// is missing and what to choose in Excel, in the reader's language; any bytes are a 2xx or a 4xx.
@Suite("Class lists: files as spreadsheets save them", .hangGuard)
struct ClassListSpreadsheetTests {
    static func importList(
        _ server: TestServer, _ courseID: Int, _ bytes: [UInt8], dryRun: Bool = false, language: String = "en", token: String
    ) async throws -> TestReply {
        try await server.send(
            .post, APIPaths.classListImport(courseID) + (dryRun ? "?dryRun=true" : ""), token: token,
            headers: [.contentType: "text/csv", .acceptLanguage: language], body: ByteBuffer(bytes: bytes))
    }

    /// The roster holds both students with their names and numbers, exactly.
    static func expectRoster(
        _ server: TestServer, _ courseID: Int, _ expected: SpreadsheetFiles.Expected, token: String, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let roster = try await server.get(APIPaths.classList(courseID), token: token).decode([CourseRosterStudent].self)
        for student in [expected.first, expected.second] {
            let row = roster.first { $0.email == student.email }
            #expect(
                row?.name?.unicodeScalars.elementsEqual(student.name.unicodeScalars) == true && row?.studentNumber == student.number,
                "\(label): \(String(describing: row))", sourceLocation: sourceLocation)
        }
    }

    @Test("each form a spreadsheet saves imports with the right names and numbers")
    func everyForm() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("faculty"), role: .faculty)
            for form in 0..<SpreadsheetFiles.everyForm(SpreadsheetFiles.students()).count {
                // New addresses for each file: each makes two new accounts.
                let expected = SpreadsheetFiles.students()
                let file = SpreadsheetFiles.everyForm(expected)[form]
                let course = try #require(try await server.createCourse("Klasa \(form)", token: faculty.token).id)
                let reply = try await Self.importList(server, course, file.bytes, token: faculty.token)
                let report = try reply.expect(.created).decode(ClassListImport.self)
                #expect(report.created == 2 && report.rejected.isEmpty, "\(file.label): \(reply.text)")
                try await Self.expectRoster(server, course, expected, token: faculty.token, file.label)
            }
        }
    }

    @Test("a file without an address column is refused saying which line, what it read and what to choose in Excel")
    func refusedSaysWhy() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let file = SpreadsheetFiles.bytes("Nazwisko;Imię;Poczta\r\nŻółć;Jaś;a@x.pl\r\n", .windows1250)
            let english = try await Self.importList(server, courseID, file, token: faculty.token).expect(.badRequest)
            let said = try #require(english.error?.message)
            for words in [
                "Line 1", "“Nazwisko”, “Imię”, “Poczta”", "separated by semicolons", "read as Windows-1250", "“Adres e-mail”",
                "In Excel choose File › Save as › “CSV UTF-8 (Comma delimited)”",
            ] {
                #expect(said.contains(words), "\(words): \(said)")
            }
            let polish = try await Self.importList(server, courseID, file, language: "pl", token: faculty.token).expect(.badRequest)
            let polishSaid = try #require(polish.error?.message)
            for words in ["Wiersz 1", "rozdzielone średnikami", "„CSV UTF-8 (rozdzielany przecinkami)”"] {
                #expect(polishSaid.contains(words), "\(words): \(polishSaid)")
            }
            let empty = try await Self.importList(server, courseID, [0xEF, 0xBB, 0xBF], token: faculty.token).expect(.badRequest)
            #expect(empty.error?.message.contains("The file is empty. In Excel choose") == true, "\(empty.text)")
            let unclosed = try await Self.importList(server, courseID, Array("\"Adres e-mail;Imię\nx\n".utf8), token: faculty.token)
            #expect(unclosed.error?.message.hasPrefix("Line 1: A quoted field is never closed. In Excel") == true, "\(unclosed.text)")
        }
    }

    @Test("headings with quotes and combining marks are said back as they were read, ten at most")
    func fuzzedHeadings() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            for separator in [";", "\t", ","] {
                // Quoted, so a separator or a quote in a heading stays in it.
                let headings = FuzzText.inputs.map(SpreadsheetFiles.quoted)
                let text = headings.joined(separator: separator) + "\na\n"
                let reply = try await Self.importList(server, courseID, Array(text.utf8), token: faculty.token)
                QuestionBankInputTests.expectRefusal(reply, .badRequest, mentioning: "Line 1 must name the columns")
                let said = try #require(reply.error?.message)
                #expect(said.contains(", …") && said.contains("“\(FuzzText.inputs[0])”"), "\(said)")
            }
        }
    }

    @Test("a line without an address names its line and its column; a wrong one says why")
    func lineRejectionsNameTheColumn() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let text = "Nazwisko;Imię;Adres e-mail\r\nŚliwińska;Łucja;\(uniqueEmail("ok"))\r\nŻółć;Jaś;\r\nNowak;Ola;nie-adres\r\n"
            let reply = try await Self.importList(
                server, courseID, SpreadsheetFiles.bytes(text, .iso88592), dryRun: true, token: faculty.token)
            let report = try reply.expect(.ok).decode(ClassListImport.self)
            #expect(report.created == 1 && report.rejected.map(\.line) == [3, 4], "\(reply.text)")
            #expect(report.rejected.first?.reason == "Column “Adres e-mail” is empty: the line has no e-mail address.")
            #expect(report.rejected.last?.reason == "Email is not a valid address.", "\(reply.text)")
        }
    }

    @Test("names with quotes and combining marks in first-name and surname columns come back exactly")
    func fuzzedSplitNames() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let quoted = SpreadsheetFiles.quoted
            var text = "Imię;Nazwisko;E-mail;Nr legitymacji\n"
            var expected: [String: (name: String, number: String)] = [:]
            for (index, input) in FuzzText.inputs.enumerated() {
                let email = uniqueEmail("fuzz\(index)")
                expected[email] = ("Ż\(input) " + input + "ł", input)
                text += "\(quoted("Ż" + input));\(quoted(input + "ł"));\(email);\(quoted(input))\n"
            }
            let report = try await Self.importList(server, courseID, Array(text.utf8), token: faculty.token).expect(.created)
                .decode(ClassListImport.self)
            #expect(report.created == FuzzText.inputs.count && report.rejected.isEmpty)
            let roster = try await server.get(APIPaths.classList(courseID) + "?limit=100", token: faculty.token)
                .decode([CourseRosterStudent].self)
            for (email, want) in expected {
                let row = roster.first { $0.email == email }
                #expect(row?.name?.unicodeScalars.elementsEqual(want.name.unicodeScalars) == true, "\(email) \(String(describing: row))")
                #expect(row?.studentNumber?.unicodeScalars.elementsEqual(want.number.unicodeScalars) == true)
            }
        }
    }

    @Test("random bytes, alone or after a heading line, are a 2xx or a 4xx")
    func randomBytes() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            var generator = SystemRandomNumberGenerator()
            for round in 0..<24 {
                let noise = (0..<(round * 37)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let heading = round.isMultiple(of: 2) ? SpreadsheetFiles.bytes("Adres e-mail;Imię;Nazwisko\r\n", .windows1250) : []
                let reply = try await Self.importList(server, courseID, heading + noise, dryRun: true, token: faculty.token)
                #expect([.ok, .badRequest].contains(reply.status), "\(round): \(reply.status.code) \(reply.text)")
            }
        }
    }
}
