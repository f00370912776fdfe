import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// A teacher's class list of 200 lines through `examprep roster import`, at the server's
/// defaults (no limit lifted): duplicates, bad addresses, existing accounts (one a teacher's),
/// quotes and combining marks in names. A dry run changes nothing; the import creates the new
/// accounts in one go and invites the existing ones, the teacher's answered as a student's;
/// each new student's link lets them choose a password and sign in; an invited student joins by
/// accepting; importing the file again changes nothing.
@Suite("End to end: a class list", .hangGuard)
@MainActor
struct ClassListTests {
    struct Expected {
        var csv = "\u{FEFF}Email,Name,Student Number\r\n"
        var line = 1
        var newStudents: [(email: String, name: String)] = []
        var rejected: [Int] = []

        mutating func add(_ email: String, name: String = "", number: String = "", rejected isRejected: Bool = false) {
            line += 1
            let quoted = "\"" + String(String.UnicodeScalarView(name.unicodeScalars.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] })) + "\""
            csv += "\(email),\(quoted),\(number)\r\n"
            if isRejected { rejected.append(line) }
        }
    }

    @Test func aTwoHundredLineClassList() async throws {
        try await EndToEnd.run { server in
            let scratch = try scratchFolder("class-list")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let room = try await Classroom.open(server)
            let courseID = try #require(room.course.id)
            let enrolledEmail = try await room.student.account.loadProfile().email
            var existing: [String] = []
            for _ in 1...3 {
                let email = uniqueEmail("existing")
                try await server.makeClient().account.signUp(email, role: .student)
                existing.append(email)
            }
            let colleague = uniqueEmail("colleague")
            try await server.makeClient().account.signUp(colleague, role: .faculty)

            // 200 lines: 180 new students, 3 existing accounts, 1 already enrolled, a teacher (invited,
            // as any account that exists: a list tells nobody who is staff),
            // 5 bad addresses, 5 duplicates (in another case), 5 names too long.
            var list = Expected()
            let tag = UUID().uuidString.prefix(6).lowercased()
            for index in 1...180 {
                let email = "pupil-\(tag)-\(index)@example.com"
                let name = index.isMultiple(of: 2) ? "O\"Brien, Zoe\u{0301} \(index)" : "Ana\u{0308}\"\u{0301}s \(index)"
                list.add(email, name: name, number: "S-\(index)")
                list.newStudents.append((email, name))
            }
            for email in existing { list.add(email.uppercased(), name: "Existing") }
            list.add(enrolledEmail)
            list.add(colleague)
            for bad in ["not-an-email", "a@b", "", "x y@example.com", "<a@example.com>"] { list.add(bad, rejected: true) }
            for index in 1...5 { list.add("PUPIL-\(tag)-\(index)@EXAMPLE.COM", rejected: true) }
            for index in 1...5 { list.add("long-\(tag)-\(index)@example.com", name: String(repeating: "n", count: 201), rejected: true) }
            #expect(list.line == 201)
            let file = scratch.appending(path: "class.csv")
            try Data(list.csv.utf8).write(to: file)

            let teacher = try await CLIPerson.signIn(
                try await room.faculty.account.loadProfile().email, server: server.baseURL, scratch: scratch)
            let code = room.course.courseCode
            let dry = try await teacher.run("roster", "import", file.path, "--course", code, "--dry-run")
            #expect(dry.stdout.contains("Dry run: nothing changed.") && dry.stdout.contains("15 lines not imported"), "\(dry.stdout)")
            #expect(dry.stdout.contains("The address is on line 2 already."))
            #expect(try await room.faculty.faculty.loadClassList(courseID).count == 1, "a dry run changes nothing")

            let imported = try await teacher.run("roster", "import", file.path, "--course", code, "--json")
            let report = try ExamPrepJSON.makeDecoder().decode(ClassListImport.self, from: Data(imported.stdout.utf8))
            #expect(report.created == 180 && report.enrolled == 0 && report.invited == 4 && report.alreadyEnrolled == 1)
            #expect(report.rejected.map(\.line) == list.rejected)
            #expect(report.lines.first { $0.email == colleague }?.outcome == .invited)
            let links = try #require(report.links)
            #expect(Set(links.map(\.email)) == Set(list.newStudents.map(\.email)))

            let roster = try await room.faculty.faculty.loadClassList(courseID)
            #expect(roster.count == 181, "the existing accounts are invited, not enrolled")
            for student in list.newStudents.prefix(4) {
                let stored = roster.first { $0.email == student.email }
                #expect(stored?.name?.unicodeScalars.elementsEqual(student.name.unicodeScalars) == true)
            }
            let plain = try await teacher.run("courses", "roster", "--course", code)
            #expect(plain.stdout.contains("O\"Brien, Zoe\u{0301} 2"))

            // A new student cannot sign in until they choose a password with their link.
            let newcomer = server.makeClient()
            let first = try #require(links.first)
            await #expect(throws: APIError.self) { try await newcomer.account.login(email: first.email, password: "!") }
            _ = try await newcomer.account.resetPassword(link: first.url, newPassword: password)
            _ = try await newcomer.account.login(email: first.email, password: password)
            #expect(try await newcomer.student.load().map(\.id) == [courseID])

            // The same file again changes nothing.
            let again = try await teacher.run("roster", "import", file.path, "--course", code, "--json")
            let second = try ExamPrepJSON.makeDecoder().decode(ClassListImport.self, from: Data(again.stdout.utf8))
            #expect(second.created == 0 && second.enrolled == 0 && second.invited == 4 && second.alreadyEnrolled == 181)
            #expect(second.rejected.map(\.line) == list.rejected && second.links?.isEmpty == true)
            #expect(try await room.faculty.faculty.loadClassList(courseID).count == 181)

            // An invited student joins by accepting, in the library and the CLI alike.
            let invitee = server.makeClient()
            _ = try await invitee.account.login(email: try #require(existing.first), password: "correct horse battery")
            #expect(try await invitee.student.courseInvitations().map(\.courseId) == [courseID])
            _ = try await invitee.student.acceptInvitation(courseId: courseID)
            #expect(try await invitee.student.courseInvitations().isEmpty)
            #expect(try await room.faculty.faculty.loadClassList(courseID).count == 182)
        }
    }

    /// Polish Excel's list (issue 67): `;`, CRLF, a byte order mark, Polish headings, first names
    /// and surnames apart, through `examprep roster import` and the library: the names and
    /// numbers land as the office wrote them; a list without an address column is refused
    /// saying what to choose in Excel.
    /// `text` in Windows-1250, by the code page's own table read backwards.
    static func windows1250(_ text: String) throws -> [UInt8] {
        let byByte = Dictionary((0...255).map { (CentralEuropeanCodePage.windows1250.decode([UInt8($0)]), UInt8($0)) }) { first, _ in first
        }
        return try text.unicodeScalars.map { scalar in try #require(byByte[String(scalar)], "\(scalar) is not in Windows-1250") }
    }

    @Test func aPolishExcelList() async throws {
        try await EndToEnd.run { server in
            let scratch = try scratchFolder("polish-class-list")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let room = try await Classroom.open(server)
            let courseID = try #require(room.course.id)
            let (lucja, jas) = (uniqueEmail("lucja"), uniqueEmail("jas"))
            let csv =
                "\u{FEFF}Nazwisko;Imię;Adres e-mail;Nr legitymacji\r\nŚliwińska;Łucja;\(lucja);123/2024\r\n"
                + "Żółć;Jaś;\(jas);\"124;2024\"\r\n"
            let file = scratch.appending(path: "klasa.csv")
            try Data(csv.utf8).write(to: file)
            let teacher = try await CLIPerson.signIn(
                try await room.faculty.account.loadProfile().email, server: server.baseURL, scratch: scratch)
            let imported = try await teacher.run("roster", "import", file.path, "--course", room.course.courseCode, "--json")
            let report = try ExamPrepJSON.makeDecoder().decode(ClassListImport.self, from: Data(imported.stdout.utf8))
            #expect(report.created == 2 && report.rejected.isEmpty, "\(imported.stdout) \(imported.stderr)")
            let roster = try await room.faculty.faculty.loadClassList(courseID)
            #expect(roster.contains { $0.email == lucja && $0.name == "Łucja Śliwińska" && $0.studentNumber == "123/2024" })
            #expect(roster.contains { $0.email == jas && $0.name == "Jaś Żółć" && $0.studentNumber == "124;2024" })

            // Excel's default "CSV" in Polish Windows: Windows-1250, read by the CLI as the server reads it.
            let zosia = uniqueEmail("zosia")
            let windows = try Self.windows1250("Nazwisko;Imię;Adres e-mail\r\nŚwięcka-Łódź;Zośka;\(zosia)\r\n")
            let legacy = scratch.appending(path: "klasa-1250.csv")
            try Data(windows).write(to: legacy)
            let fromLegacy = try await teacher.run("roster", "import", legacy.path, "--course", room.course.courseCode, "--json")
            let legacyReport = try ExamPrepJSON.makeDecoder().decode(ClassListImport.self, from: Data(fromLegacy.stdout.utf8))
            #expect(legacyReport.created == 1 && legacyReport.rejected.isEmpty, "\(fromLegacy.stdout) \(fromLegacy.stderr)")
            #expect(
                try await room.faculty.faculty.loadClassList(courseID).contains { $0.email == zosia && $0.name == "Zośka Święcka-Łódź" })

            await #expect {
                try await room.faculty.faculty.importClassList("Nazwisko\tImię\nŻółć\tJaś\n", courseId: courseID, dryRun: true)
            } throws: { error in
                guard case APIError.server(status: 400, _, let message, _) = error else { return false }
                return message.contains("columns separated by tabs") && message.contains("“CSV UTF-8 (Comma delimited)”")
            }
        }
    }
}
