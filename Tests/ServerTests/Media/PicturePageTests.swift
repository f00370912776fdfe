import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The student's pages draw a question's and each choice's picture as `<img>` with its text
/// alternative and its size in pixels (the stored picture's, so the page does not move when
/// it arrives): the attempt, its review and practice.
@Suite("Pictures on the pages", .hangGuard)
struct PicturePageTests {
    /// The alternatives carry quotes, a combining mark and markup, which the page escapes.
    static let promptAlt = "A battery, a switch and a \"bulb\" in a loop\u{301}"
    static let choiceAlt = "The switch <open>"

    static func question(prompt: Media, choice: Media) -> QuestionDraft {
        QuestionDraft(
            kind: .singleChoice, prompt: "Which circuit lights the bulb?", points: 1,
            choices: [
                Choice(id: "a", text: "Closed"), Choice(id: "b", text: "Open", image: QuestionImage(mediaId: choice.id, alt: choiceAlt)),
            ],
            answer: .text("a"), practice: true, image: QuestionImage(mediaId: prompt.id, alt: promptAlt))
    }

    /// The `<img>` a page draws for `media` with `alt` (as escaped in HTML).
    static func img(_ media: Media, alt: String) -> String {
        "<img class=\"picture\" src=\"/media/\(media.id)\" alt=\"\(alt)\" width=\"\(media.width)\" height=\"\(media.height)\">"
    }

    static let promptImgAlt = "A battery, a switch and a &quot;bulb&quot; in a loop\u{301}"
    static let choiceImgAlt = "The switch &lt;open&gt;"

    @Test func theAttemptItsReviewAndPracticeShowThePicturesWithTheirSize() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Circuits", token: faculty.token)
            let courseID = try #require(course.id)
            let diagram = try await MediaRouteTests.upload(
                TestPictures.png(width: 640, height: 360), type: "image/png", courseID: courseID, token: faculty.token, on: server
            ).expect(.created).decode(Media.self)
            let open = try await MediaRouteTests.upload(
                TestPictures.gif(width: 48, height: 20), type: "image/gif", courseID: courseID, token: faculty.token, on: server
            ).expect(.created).decode(Media.self)
            let draft = Self.question(prompt: diagram, choice: open)
            try await server.post(APIPaths.courseQuestions(courseID), json: draft, token: faculty.token).expect(.created)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)

            // Practice (before the exam opens, which keeps its questions out of practice).
            let practice = try await browser.post("/practice", [("courseId", String(courseID)), ("mode", "all")]).expect(.seeOther)
            try await browser.get(try #require(practice.headers[.location])).expect(.ok)
            #expect(
                browser.page.contains("</legend>\n  <p class=\"picture\">\(Self.img(diagram, alt: Self.promptImgAlt))</p>"),
                "\(browser.page)")
            #expect(browser.page.contains(">Open \(Self.img(open, alt: Self.choiceImgAlt))</label>"), "\(browser.page)")

            var examDraft = ExamDraft(title: "Circuits", timeLimitMinutes: 30, questions: [draft])
            examDraft.policy = ExamPolicy(review: ReviewOptions(afterSubmit: [.score, .correctness]))
            let exam = try await server.publishedExam(examDraft, courseID: courseID, token: faculty.token)
            // The attempt: the prompt's picture under it, the choice's in its label; the other
            // choice has none.
            let started = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
            let attempt = try #require(started.headers[.location]).split(separator: "?").first.map(String.init) ?? ""
            try await browser.get(attempt + "?q=1").expect(.ok)
            let page = browser.page
            #expect(page.contains("</legend>\n  <p class=\"picture\">\(Self.img(diagram, alt: Self.promptImgAlt))</p>"), "\(page)")
            #expect(page.contains(">Open \(Self.img(open, alt: Self.choiceImgAlt))</label>"), "\(page)")
            #expect(page.contains(">Closed</label>"), "\(page)")
            #expect(page.components(separatedBy: "<img ").count == 3)

            // Its review shows the prompt's picture.
            try await browser.post(attempt + "/submit", []).expect(.seeOther)
            try await browser.get(attempt).expect(.ok)
            #expect(browser.page.contains("<p class=\"picture\">\(Self.img(diagram, alt: Self.promptImgAlt))</p>"), "\(browser.page)")

        }
    }
}
