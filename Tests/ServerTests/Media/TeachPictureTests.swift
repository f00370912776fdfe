import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The question page's picture form on /teach, without JavaScript: a file with its text
/// alternative, previewed (stored in the course, nothing saved) and saved, for the question or
/// a choice; refused files get the API's sentences and statuses; the bank lists a thumbnail.
@Suite("Teach pages: a question's pictures", .hangGuard)
struct TeachPictureTests {
    /// A teacher signed in to the pages, with a course and a choice question in its bank.
    static func question(_ server: TestServer) async throws -> (
        browser: TestBrowser, login: LoginResponse, courseID: Int, question: Question
    ) {
        let (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
        let course = try await server.createCourse("Circuits", token: faculty.token)
        let courseID = try #require(course.id)
        let draft = QuestionDraft(
            kind: .singleChoice, prompt: "Which is half of \\(x\\)?", points: 1,
            choices: [Choice(id: "a", text: "\\(\\frac{x}{2}\\)"), Choice(id: "b", text: "2x")], answer: .text("a"))
        let question = try await server.post(APIPaths.courseQuestions(courseID), json: draft, token: faculty.token)
            .expect(.created).decode(Question.self)
        return (browser, faculty, courseID, question)
    }

    /// Sends the picture form as a browser does: its fields and the file input `picture`
    /// (`bytes` empty: no file chosen).
    @discardableResult
    static func send(_ browser: inout TestBrowser, questionID: Int, _ fields: [(String, String)], picture bytes: [UInt8]) async throws
        -> TestReply
    {
        let boundary = "----PictureForm\(UUID().uuidString.prefix(12))"
        var body: [UInt8] = []
        for (name, value) in [("csrf", browser.csrfToken ?? "")] + fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"picture\"; filename=\"diagram.png\"\r\n".utf8)
        body += Array("Content-Type: application/octet-stream\r\n\r\n".utf8) + bytes + Array("\r\n--\(boundary)--\r\n".utf8)
        let headers: HTTPFields = [
            .contentType: "multipart/form-data; boundary=\(boundary)", HTTPField.Name("Sec-Fetch-Site")!: "same-origin",
        ]
        return try await browser.send(.post, "/teach/questions/\(questionID)/picture", headers: headers, body: ByteBuffer(bytes: body))
    }

    static func read(_ server: TestServer, _ question: Question, _ login: LoginResponse) async throws -> Question {
        try await server.get(APIPaths.facultyQuestion(question.id), token: login.token).expect(.ok).decode(Question.self)
    }

    @Test("a picture previewed (stored, nothing saved), then saved for the question and a choice, shown in the bank, removed")
    func previewSaveRemove() async throws {
        try await TestServer.run { server in
            var (browser, faculty, courseID, question) = try await Self.question(server)
            let path = "/teach/questions/\(question.id)"
            try await browser.get(path).expect(.ok)
            #expect(browser.page.contains("enctype=\"multipart/form-data\"") && browser.page.contains("name=\"alt\""))

            let diagram = TestPictures.png(width: 320, height: 200)
            let alt = "A \"loop\" & a bulb\u{301}"
            try await Self.send(
                &browser, questionID: question.id, [("target", "question"), ("alt", alt), ("step", "preview")], picture: diagram
            )
            .expect(.ok)
            let mediaID = try #require(TestBrowser.value(of: "mediaId", in: browser.page).flatMap { Int($0) })
            // The preview: the question as a student sees it, with the picture and the formulas.
            let img =
                "<img class=\"picture\" src=\"/media/\(mediaID)\" alt=\"A &quot;loop&quot; &amp; a bulb\u{301}\" width=\"320\" height=\"200\">"
            #expect(browser.page.contains("</legend>\n  <p class=\"picture\">\(img)</p>"), "\(browser.page)")
            #expect(browser.page.contains("<mfrac><mi>x</mi><mn>2</mn></mfrac>"))
            #expect(browser.page.contains(">A &quot;loop&quot; &amp; a bulb\u{301}</textarea>"))
            #expect(try await Self.read(server, question, faculty).image == nil)

            // Saved with the picture previewed (no second upload): a new version of the question.
            try await Self.send(
                &browser, questionID: question.id, [("target", "question"), ("alt", alt), ("mediaId", String(mediaID)), ("step", "save")],
                picture: []
            )
            .expect(.seeOther)
            #expect(try await Self.read(server, question, faculty).image == QuestionImage(mediaId: mediaID, alt: alt))

            // A choice's picture, saved at once; the question's stays.
            try await browser.get(path).expect(.ok)
            #expect(browser.page.contains("<option value=\"b\">the choice &quot;2x&quot;</option>"), "\(browser.page)")
            try await Self.send(
                &browser, questionID: question.id, [("target", "b"), ("alt", "Twice x"), ("step", "save")],
                picture: TestPictures.gif(width: 30, height: 12)
            ).expect(.seeOther)
            let both = try await Self.read(server, question, faculty)
            #expect(both.image?.mediaId == mediaID && both.choices?.first { $0.id == "b" }?.image?.alt == "Twice x")
            let choiceMedia = try #require(both.choices?.first { $0.id == "b" }?.image?.mediaId)
            try await browser.get(path).expect(.ok)
            #expect(
                browser.page.contains(
                    "2x <img class=\"picture\" src=\"/media/\(choiceMedia)\" alt=\"Twice x\" width=\"30\" height=\"12\"></label>"))

            // Only the alternative changes when no file is chosen.
            try await Self.send(&browser, questionID: question.id, [("target", "b"), ("alt", "Two x"), ("step", "save")], picture: [])
                .expect(.seeOther)
            #expect(
                try await Self.read(server, question, faculty).choices?.first { $0.id == "b" }?.image
                    == QuestionImage(mediaId: choiceMedia, alt: "Two x"))

            // The bank lists a thumbnail with its alternative.
            try await browser.get("/teach/courses/\(courseID)/questions").expect(.ok)
            #expect(
                browser.page.contains(
                    "<img class=\"picture thumb\" src=\"/media/\(mediaID)\" alt=\"A &quot;loop&quot; &amp; a bulb\u{301}\" width=\"320\" height=\"200\">"
                ), "\(browser.page)")

            // Removed.
            try await browser.get(path).expect(.ok)
            try await Self.send(&browser, questionID: question.id, [("target", "b"), ("alt", ""), ("step", "remove")], picture: [])
                .expect(.seeOther)
            let removed = try await Self.read(server, question, faculty)
            #expect(removed.image?.mediaId == mediaID && removed.choices?.allSatisfy { $0.image == nil } == true)
        }
    }

    @Test(
        "files that are no picture, too large, cut short or past the quota, and a missing or long alternative: the form again, nothing saved"
    )
    func refusals() async throws {
        try await TestServer.runWithDatabase(configure: { $0.mediaQuotaPerCourseMB = 1 }) { server, pool in
            var (browser, faculty, _, question) = try await Self.question(server)
            try await browser.get("/teach/questions/\(question.id)").expect(.ok)
            let png = TestPictures.png(width: 40, height: 30)
            let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8)
            let cases: [(fields: [(String, String)], bytes: [UInt8], status: HTTPResponse.Status, says: String)] = [
                ([("alt", "A diagram")], svg, .unsupportedMediaType, "The file is not a PNG, JPEG, WebP or GIF picture"),
                (
                    [("alt", "A diagram")], Array("just text".utf8), .unsupportedMediaType,
                    "The file is not a PNG, JPEG, WebP or GIF picture"
                ),
                ([("alt", "A diagram")], Array(png.prefix(20)), .badRequest, "The PNG picture is cut short or damaged."),
                ([("alt", "A diagram")], TestPictures.png(width: 10_000, height: 10_000), .badRequest, "pixels a side"),
                (
                    [("alt", "A diagram")], TestPictures.png(width: 4, height: 4, padding: Media.maxBytes), .contentTooLarge,
                    "A picture may be at most 2 MiB."
                ),
                ([("alt", "  ")], png, .badRequest, "Text alternative"),
                ([("alt", String(repeating: "a", count: 501))], png, .badRequest, "Text alternative"),
                ([("alt", "A diagram")], [], .badRequest, "Choose a picture file."),
            ]
            for (fields, bytes, status, says) in cases {
                try await Self.send(&browser, questionID: question.id, [("target", "question"), ("step", "save")] + fields, picture: bytes)
                    .expect(status)
                #expect(browser.page.contains("id=\"picture-error\"") && browser.page.contains(says), "\(says): \(browser.page)")
                #expect(try await Self.read(server, question, faculty).image == nil)
            }
            try await Self.send(&browser, questionID: question.id, [("target", "zz"), ("alt", "A"), ("step", "save")], picture: png)
                .expect(.badRequest)
            #expect(browser.page.contains("The question has no such choice for the picture."))
            // Past the course's quota (1 MiB here): the API's sentence.
            try await browser.get("/teach/questions/\(question.id)").expect(.ok)
            try await Self.send(
                &browser, questionID: question.id, [("target", "question"), ("alt", "Big"), ("step", "preview")],
                picture: TestPictures.png(width: 4, height: 4, padding: 700_000)
            ).expect(.ok)
            try await Self.send(
                &browser, questionID: question.id, [("target", "question"), ("alt", "Bigger"), ("step", "preview")],
                picture: TestPictures.png(width: 4, height: 4, filler: 1, padding: 700_000)
            ).expect(.contentTooLarge)
            #expect(browser.page.contains("may take at most 1 MiB"), "\(browser.page)")
            #expect(try await MediaRouteTests.count("SELECT count(*)::bigint AS n FROM course_media", in: pool) == 1)
        }
    }

    /// The alternative takes the fuzz inputs through the form and comes back as sent.
    @Test func theAlternativeKeepsAnyText() async throws {
        try await TestServer.run { server in
            var (browser, faculty, _, question) = try await Self.question(server)
            try await browser.get("/teach/questions/\(question.id)").expect(.ok)
            let png = TestPictures.png(width: 40, height: 30)
            for alt in FuzzText.inputs {
                try await Self.send(&browser, questionID: question.id, [("target", "a"), ("alt", alt), ("step", "save")], picture: png)
                    .expect(.seeOther)
                try await browser.get("/teach/questions/\(question.id)").expect(.ok)
                let read = try await Self.read(server, question, faculty)
                #expect(read.choices?.first { $0.id == "a" }?.image?.alt == alt, "\(alt.unicodeScalars.map(\.value))")
            }
        }
    }
}
