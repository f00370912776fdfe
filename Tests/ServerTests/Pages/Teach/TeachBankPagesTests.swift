import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The question bank's pages (issue 39, step two): an upload's dry run lists what will be
/// imported and every question left out before anything is stored; then the import; browsing
/// by topic and tag, search, the GIFT download and practice. Another teacher gets 404, a
/// student 403.
@Suite("Teach pages: the question bank", .hangGuard)
struct TeachBankPagesTests {
    /// Three questions that import (one with markup in its texts, one tagged) and one that does not.
    static let gift = """
        $CATEGORY: algebra/groups

        ::Trivial:: The order of the trivial group is {=1 ~2 ~0}

        // [tag:easy]
        ::Prime <script>x()</script>:: Is 2 a "prime"\(FuzzText.combining) number? {T}

        ::Broken:: Pick one. {~a ~b}

        $CATEGORY: geometry

        ::Angles:: A triangle's angles add up to {#180}
        """

    @Test("an upload is checked first (nothing stored), then imported; browse, search, export, practice")
    func uploadCheckImportBrowse() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let coursePath = try await TeachCoursePagesTests.createCourse(&browser, name: "Bank")
            let bank = coursePath + "/questions"
            try await browser.get(bank).expect(.ok)
            #expect(browser.page.contains("enctype=\"multipart/form-data\"") && browser.page.contains("type=\"file\""))

            // The dry run: what will be imported, what is left out (with its line), nothing stored.
            try await browser.upload(bank + "/import", [("format", "gift"), ("step", "check")], file: ("file", "bank.gift.txt", Self.gift))
                .expect(.ok)
            #expect(browser.page.contains("3 questions will be imported; 1 left out"))
            #expect(browser.page.contains("<th scope=\"row\">8</th><td>Broken</td>"))
            #expect(!browser.page.contains("<script>x()") && browser.page.contains("Prime &lt;script&gt;x()&lt;/script&gt;"))
            let courseID = try #require(
                try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first?.id)
            #expect(try await server.get(APIPaths.courseQuestions(courseID), token: faculty.token).decode([Question].self).isEmpty)

            // The import sends the checked text back (line breaks as CRLF, as a browser does).
            let text = try #require(TestBrowser.value(of: "text", in: browser.page))
            let decoded = Self.unescape(text).replacingOccurrences(of: "\n", with: "\r\n")
            let imported = try await browser.upload(
                bank + "/import", [("text", decoded), ("format", "gift"), ("practice", "true"), ("step", "import")]
            ).expect(.seeOther)
            try await browser.follow(imported).expect(.ok)
            #expect(browser.page.contains("3 questions imported, 1 left out."))
            let stored = try await server.get(APIPaths.courseQuestions(courseID), token: faculty.token).decode([Question].self)
            #expect(stored.count == 3 && stored.allSatisfy { $0.practice == true })
            #expect(stored.contains { $0.prompt.contains("\"prime\"\(FuzzText.combining)") && $0.name?.contains("<script>") == true })

            // Browse: the topic tree, a topic, a tag, a search.
            #expect(browser.page.contains(">algebra</a>") && browser.page.contains(">groups</a>") && browser.page.contains(">geometry</a>"))
            try await browser.get(bank + "?topic=algebra").expect(.ok)
            #expect(browser.page.contains("Trivial: ") && !browser.page.contains("Angles: "))
            try await browser.get(bank + "?tag=easy").expect(.ok)
            #expect(browser.page.contains("Prime &lt;script&gt;") && !browser.page.contains("Trivial: "))
            try await browser.get(bank + "?q=TRIANGLE").expect(.ok)
            #expect(browser.page.contains("Angles: ") && !browser.page.contains("Trivial: "))

            // Practice: close the geometry topic's questions, then one question again.
            try await browser.get(bank + "?topic=geometry")
            try await browser.follow(
                try await browser.post(bank + "/practice", [("topic", "geometry"), ("tag", ""), ("q", ""), ("practice", "false")])
                    .expect(.seeOther))
            #expect(browser.page.contains("1 question changed."))
            let angles = try #require(stored.first { $0.name == "Angles" })
            #expect(try await server.get(APIPaths.facultyQuestion(angles.id), token: faculty.token).decode(Question.self).practice == false)
            // An exam open now (no closing time) draws from geometry: opening it again says so.
            _ = try await server.publishedExam(
                ExamDraft(
                    title: "Geometry", questions: [], draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "geometry", count: 1))]),
                courseID: courseID, token: faculty.token)
            try await browser.follow(
                try await browser.post(bank + "/practice", [("questionId", String(angles.id)), ("practice", "true")]).expect(.seeOther))
            #expect(
                browser.page.contains(
                    "1 question changed. Of these, 1 can be shown by an exam that is open now: students practise it once"),
                "\(browser.page)")
            #expect(try await server.get(APIPaths.facultyQuestion(angles.id), token: faculty.token).decode(Question.self).practice == true)

            // Export: a GIFT download of the filter.
            let export = try await browser.get(bank + "/export?topic=geometry").expect(.ok)
            #expect(export.headers[.contentDisposition]?.hasPrefix("attachment") == true)
            #expect(export.text.contains("::Angles::") && !export.text.contains("::Trivial::"))
        }
    }

    @Test("uploads refused with the form again: empty, not UTF-8, an unknown format, too large; nothing stored")
    func badUploads() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let bank = try await TeachCoursePagesTests.createCourse(&browser, name: "Refusals") + "/questions"
            try await browser.get(bank)
            try await browser.upload(bank + "/import", [("format", "gift")], file: ("file", "empty.txt", "  \n")).expect(.badRequest)
            #expect(browser.page.contains("The file is empty.") && browser.page.contains("id=\"upload-error\""))
            try await browser.upload(bank + "/import", [("format", "word")], file: ("file", "a.txt", Self.gift)).expect(.badRequest)
            let large = String(repeating: "::Q:: x {T}\n", count: APILimits.maxBodyBytes / 12 + 10)
            try await browser.upload(bank + "/import", [("format", "gift")], file: ("file", "big.txt", large)).expect(.contentTooLarge)
            // Bytes that are not UTF-8.
            let boundary = "XyZ"
            var body = ByteBuffer(
                string: "--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(browser.csrfToken ?? "")\r\n")
            body.writeString("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.txt\"\r\n\r\n")
            body.writeBytes([0xFF, 0xFE, 0x41])
            body.writeString("\r\n--\(boundary)--\r\n")
            let notUTF8 = try await browser.send(
                .post, bank + "/import",
                headers: [.contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"],
                body: body
            ).expect(.badRequest)
            #expect(notUTF8.text.contains("not UTF-8 text"), "said as such, not as an empty file")
            // A body that is not multipart at all, and a forged token.
            try await browser.send(
                .post, bank + "/import",
                headers: [.contentType: "multipart/form-data; boundary=nope", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"],
                body: ByteBuffer(string: "garbage")
            ).expect(.badRequest)
            try await browser.upload(
                bank + "/import", [("format", "gift"), ("step", "import")], file: ("file", "a.txt", Self.gift), csrf: "x"
            )
            .expect(.forbidden)
            let courseID = try #require(
                try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first?.id)
            #expect(try await server.get(APIPaths.courseQuestions(courseID), token: faculty.token).decode([Question].self).isEmpty)
        }
    }

    @Test("another teacher gets 404 on the bank's pages and forms, a student 403; a student cannot upload at all")
    func othersAreKeptOut() async throws {
        try await TestServer.run { server in
            var (owner, _) = try await TeachCoursePagesTests.teacher(server)
            let bank = try await TeachCoursePagesTests.createCourse(&owner, name: "Private bank") + "/questions"
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("student"))
            for page in [bank, bank + "/export"] {
                try await other.get(page).expect(.notFound)
                try await student.get(page).expect(.forbidden)
            }
            try await other.post(bank + "/practice", [("practice", "true")]).expect(.notFound)
            try await student.post(bank + "/practice", [("practice", "true")]).expect(.forbidden)
            try await other.upload(bank + "/import", [("format", "gift")], file: ("file", "a.txt", Self.gift)).expect(.notFound)
            // A student's multipart body is not even read: only faculty have an upload form.
            try await student.upload(bank + "/import", [("format", "gift")], file: ("file", "a.txt", Self.gift))
                .expect(.unsupportedMediaType)
        }
    }

    @Test("every field of the bank's forms and filters fuzzed: a 4xx page or a redirect, never a 500")
    func everyFieldFuzzed() async throws {
        try await TestServer.run { server in
            var (browser, _) = try await TeachCoursePagesTests.teacher(server)
            let bank = try await TeachCoursePagesTests.createCourse(&browser, name: "Fuzzed bank") + "/questions"
            try await browser.get(bank)
            for input in PageFormFuzzTests.inputs {
                let encoded = input.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
                for query in ["topic", "tag", "q", "after"] {
                    TeachCoursePagesTests.expectAnswered(try await browser.get("\(bank)?\(query)=\(encoded)"), "bank ?\(query)")
                    TeachCoursePagesTests.expectAnswered(try await browser.get("\(bank)/export?\(query)=\(encoded)"), "export ?\(query)")
                }
                for field in ["topic", "tag", "q", "questionId", "practice"] {
                    let reply = try await browser.post(bank + "/practice", [(field, input)])
                    PageFormFuzzTests.expectNoServerError(reply, "practice \(field)")
                }
                for fields in [[("format", input)], [("step", input)], [("practice", input)], [("text", input), ("step", "check")]] {
                    let reply = try await browser.upload(bank + "/import", fields, file: ("file", input, input))
                    TeachCoursePagesTests.expectAnswered(reply, "import \(fields.map(\.0))")
                }
            }
        }
    }

    /// An attribute's text as the browser reads it.
    /// The text an attribute's value stands for, entity by entity in its bytes: a String's own
    /// replacing compares Characters, and `&quot;` before a combining mark ends in `;\u{301}`,
    /// one Character, which it would leave alone.
    static func unescape(_ html: String) -> String {
        var bytes = Array(html.utf8)
        for (entity, raw) in [("&quot;", "\""), ("&#39;", "'"), ("&lt;", "<"), ("&gt;", ">"), ("&amp;", "&")] {
            let from = Array(entity.utf8)
            var out: [UInt8] = []
            var index = 0
            while index < bytes.count {
                if bytes[index...].starts(with: from) {
                    out += Array(raw.utf8)
                    index += from.count
                } else {
                    out.append(bytes[index])
                    index += 1
                }
            }
            bytes = out
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
