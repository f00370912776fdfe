import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A class list from the course page (issue 44): the dry run shows each line's outcome before
/// anything is stored, the import shows what happened and the new accounts' one-time links,
/// importing the same list again changes nothing; a refused list is the course page again
/// with the message tied to its field; another teacher gets 404, a forged post 403.
@Suite("Teach pages: class lists", .hangGuard)
struct TeachClassListPagesTests {
    /// A name with markup, quotes and a combining mark.
    static let hostileName = "O'Brien \"Zoe\(FuzzText.combining)\" <b>x</b>"

    /// A course with one student enrolled and one account that is not; a class list naming
    /// both, a new student, a bad address and a duplicate.
    static func classroom(_ server: TestServer, _ browser: inout TestBrowser, faculty: LoginResponse) async throws
        -> (path: String, courseID: Int, csv: String, newEmail: String)
    {
        let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Roll \(UUID().uuidString.prefix(6))")
        let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
        let (enrolled, other) = (uniqueEmail("enrolled"), uniqueEmail("existing"))
        let student = try await server.signUp(enrolled, role: .student)
        try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token).expect(.created)
        _ = try await server.signUp(other, role: .student)
        let newEmail = uniqueEmail("new")
        let quotedName = "\"" + hostileName.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        let csv = """
            Email,Name,Student Number\r
            \(other),Existing,\r
            \(enrolled),,\r
            \(newEmail),\(quotedName),S-42\r
            not-an-address,Nobody,\r
            \(newEmail.uppercased()),Again,\r

            """
        return (path, try #require(course.id), csv, newEmail)
    }

    @Test("a list checked (nothing stored), imported (links listed), imported again (nothing changes); names shown as text")
    func checkImportAndAgain() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let (path, courseID, csv, newEmail) = try await Self.classroom(server, &browser, faculty: faculty)
            #expect(browser.page.contains("enctype=\"multipart/form-data\"") && browser.page.contains("id=\"class-list-file\""))
            let roster = { try await server.get(APIPaths.classList(courseID), token: faculty.token).decode([CourseRosterStudent].self) }

            // The dry run: each line's outcome in a table, the rejected ones with their reason.
            try await browser.upload(path + "/roster/import", [("step", "check")], file: ("file", "class.csv", csv)).expect(.ok)
            #expect(
                browser.page.contains(
                    "Nothing is stored yet: 1 new account to make, 1 existing account to invite, 1 already in the course, 2 lines rejected."
                ),
                "\(browser.page)")
            #expect(browser.page.contains("<th scope=\"row\">2</th><td>") && browser.page.contains("Has an account: will be invited"))
            #expect(browser.page.contains("<th scope=\"row\">5</th><td></td><td></td><td></td><td>Not imported: "))
            #expect(browser.page.contains("line 4 already"))
            #expect(
                !browser.page.contains("<b>x</b>")
                    && browser.page.contains("O&#39;Brien &quot;Zoe\(FuzzText.combining)&quot; &lt;b&gt;x&lt;/b&gt;"))
            #expect(try await roster().count == 1)

            // The import sends the checked list back; the links are listed with their expiry.
            let text = TeachBankPagesTests.unescape(try #require(TestBrowser.value(of: "text", in: browser.page)))
            try await browser.upload(
                path + "/roster/import", [("text", text.replacingOccurrences(of: "\n", with: "\r\n")), ("step", "import")]
            )
            .expect(.ok)
            #expect(
                browser.page.contains(
                    "Imported: 1 new account made, 1 existing account invited, 1 already in the course, 2 lines rejected."))
            #expect(browser.page.contains("<th scope=\"row\">\(newEmail)</th><td><code class=\"one-time-link\">http://"))
            #expect(browser.page.contains("/reset/") && browser.page.contains("(UTC)</td>"))
            // The account that existed is invited, not enrolled: its owner joins by accepting.
            let stored = try await roster()
            #expect(stored.count == 2)
            let made = try #require(stored.first { $0.email == newEmail })
            #expect(made.name?.unicodeScalars.elementsEqual(Self.hostileName.unicodeScalars) == true && made.studentNumber == "S-42")

            // The roster shows the names and student numbers the list gave, as text.
            try await browser.get(path).expect(.ok)
            #expect(
                browser.page.contains(
                    ">O&#39;Brien &quot;Zoe\(FuzzText.combining)&quot; &lt;b&gt;x&lt;/b&gt;</a></th><td>S-42</td><td>\(newEmail)</td>"),
                "\(browser.page)")

            // The same list again, pasted: nothing changes, no link.
            try await browser.upload(path + "/roster/import", [("text", csv), ("step", "import")]).expect(.ok)
            #expect(browser.page.contains("Imported: 0 new accounts made, 1 existing account invited, 2 already in the course"))
            #expect(!browser.page.contains("one-time-link"))
            #expect(try await roster().count == 2)
        }
    }

    @Test("refused lists: the course page again with the message by its field (4xx); forged 403; others 404 and 403")
    func refusedLists() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let (path, courseID, csv, _) = try await Self.classroom(server, &browser, faculty: faculty)
            let importPath = path + "/roster/import"
            func expectMessage(_ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
                #expect(
                    browser.page.contains("id=\"class-list-error\"") && browser.page.contains(words)
                        && browser.page.contains("aria-describedby=\"class-list-hint class-list-error\""),
                    "\(browser.page)", sourceLocation: sourceLocation)
            }
            try await browser.upload(importPath, [("text", "name\nAda\n"), ("step", "check")]).expect(.badRequest)
            expectMessage("one of them the e-mail address")
            #expect(browser.page.contains(">name\nAda\n</textarea>"))
            try await browser.upload(importPath, [("text", " \n"), ("step", "check")], file: ("file", "empty.csv", "")).expect(.badRequest)
            expectMessage("Choose a CSV file or paste the class list.")
            try await browser.upload(importPath, [("step", "check")], file: ("file", "c.csv", "email,name\na@x.org,\"Ada\n"))
                .expect(.badRequest)
            expectMessage("Line 2")
            let large = "email\n" + String(repeating: "someone@example.com\n", count: APILimits.maxBodyBytes / 20 + 1)
            try await browser.upload(importPath, [("step", "import")], file: ("file", "big.csv", large)).expect(.contentTooLarge)
            expectMessage("larger than 1024 kB")

            // A post without the page's token, another teacher's, a student's.
            try await browser.upload(importPath, [("step", "import")], file: ("file", "c.csv", csv), csrf: "").expect(.forbidden)
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            try await other.upload(importPath, [("step", "import")], file: ("file", "c.csv", csv)).expect(.notFound)
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("student"))
            try await student.post(importPath, [("text", csv), ("step", "import")]).expect(.forbidden)
            let roster = try await server.get(APIPaths.classList(courseID), token: faculty.token).decode([CourseRosterStudent].self)
            #expect(roster.count == 1)
        }
    }

    @Test("with mail set up, each new account's link is mailed and works; the page says so and lists no link")
    func linksAreMailed() async throws {
        try await SMTPSink.with { sink in
            var configuration = try await LiveServer.configuration()
            MailTests.mailing(&configuration, port: sink.port)
            try await LiveServer.run(configuration) { client in
                let server = TestServer(client: client)
                var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
                let (path, _, csv, newEmail) = try await Self.classroom(server, &browser, faculty: faculty)
                try await browser.upload(path + "/roster/import", [("text", csv), ("step", "import")]).expect(.ok)
                #expect(browser.page.contains("Each new student was mailed a link") && !browser.page.contains("one-time-link"))
                // The existing student's invitation is mailed too, in whichever order: wait for the new account's.
                try await eventually("the new account's mail") { sink.messages().contains { $0.contains("To: <\(newEmail)>") } }
                let message = try #require(sink.messages().first { $0.contains("To: <\(newEmail)>") })
                #expect(message.contains(newEmail) && message.contains("added this address to the course"))
                let token = String(try #require(SMTPSink.link(in: message)).split(separator: "/").last ?? "")
                try await server.post(
                    APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "mailed passphrase")
                ).expect(.ok)
                _ = try await server.login(newEmail, password: "mailed passphrase")
            }
        }
    }

    @Test("an invited student's mail speaks their own language, a new account's the teacher's page")
    func mailsInTheirReadersLanguages() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.run(configure: { MailTests.mailing(&$0, port: sink.port) }) { server in
                var (browser, _) = try await TeachCoursePagesTests.teacher(server)
                let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Mixed roll")
                let (polish, newEmail) = (uniqueEmail("polski"), uniqueEmail("new"))
                let student = try await server.signUp(polish, role: .student)
                try await server.send(.put, APIPaths.meLanguage, token: student.token, body: ByteBuffer(string: #"{"language":"pl"}"#))
                    .expect(.ok)
                let csv = "email,name\n\(polish),Ola\n\(newEmail),New\n"
                try await browser.upload(path + "/roster/import", [("text", csv), ("step", "import")]).expect(.ok)
                try await eventually("the invitation and the new account's mail") { sink.messages().count >= 2 }
                let invitation = try #require(sink.messages().first { $0.contains(polish) })
                #expect(invitation.contains("umieścił ten adres na liście uczniów kursu"), "\(invitation)")
                let link = try #require(sink.messages().first { $0.contains(newEmail) })
                #expect(link.contains("added this address to the course “Mixed roll”"), "\(link)")
            }
        }
    }

    @Test("every field of the class list form fuzzed: a page or a 4xx, never a 500")
    func everyFieldFuzzed() async throws {
        try await TestServer.run { server in
            var (browser, _) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "Fuzzed roll")
            for input in PageFormFuzzTests.inputs {
                let file = try await browser.upload(path + "/roster/import", [("step", input)], file: ("file", input, input))
                TeachCoursePagesTests.expectAnswered(file, "a file")
                let pasted = try await browser.upload(
                    path + "/roster/import", [("text", "email,name\nfuzz@example.com,\"\(input)\"\n"), ("step", "check")])
                TeachCoursePagesTests.expectAnswered(pasted, "pasted text")
            }
        }
    }
}
