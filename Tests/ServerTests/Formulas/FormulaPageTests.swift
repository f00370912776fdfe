import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The attempt page draws a question's formulas as MathML, with no script, and escapes every
/// other character of its text; HTML reaches a template only through `RichText`.
@Suite("Formulas on the pages", .hangGuard)
struct FormulaPageTests {
    static let script = "<script>alert(1)</script>"

    static func exam() -> ExamDraft {
        ExamDraft(
            title: "Fractions", timeLimitMinutes: 30,
            questions: [
                QuestionDraft(
                    kind: .singleChoice, prompt: "\(script) \\(x<y\\)\nWhich is half?", points: 1,
                    choices: [Choice(id: "a", text: "\\(\\frac{1}{2}\\)"), Choice(id: "b", text: "\\(2\\) \"q\"\u{301}")],
                    answer: .text("a")),
                QuestionDraft(
                    kind: .matching, prompt: "Match: $$\\sqrt{x}$$", points: 1,
                    items: [Choice(id: "i1", text: "\\(x^2\\)"), Choice(id: "i2", text: "y")],
                    options: [Choice(id: "o1", text: "\\(\\sqrt{4}\\)"), Choice(id: "o2", text: "z")],
                    answer: .matches(["i1": "o1", "i2": "o2"])),
            ])
    }

    @Test func aStudentSeesMathMLAndEscapedTextInTheExam() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Maths", token: faculty.token)
            let exam = try await server.publishedExam(Self.exam(), courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
            let started = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
            let attempt = try #require(started.headers[.location])

            try await browser.get(attempt + "?q=1").expect(.ok)
            let first = browser.page
            #expect(!first.contains(Self.script))
            #expect(
                first.contains(
                    "&lt;script&gt;alert(1)&lt;/script&gt; <math display=\"inline\"><mrow><mi>x</mi><mo>&lt;</mo><mi>y</mi></mrow></math>\nWhich is half?"
                ))
            #expect(first.contains("<math display=\"inline\" aria-label=\"(1)/(2)\"><mfrac><mn>1</mn><mn>2</mn></mfrac></math></label>"))
            #expect(first.contains("<math display=\"inline\" aria-label=\"2\"><mn>2</mn></math> &quot;q&quot;\u{301}</label>"))

            try await browser.get(attempt + "?q=2").expect(.ok)
            let second = browser.page
            #expect(second.contains("Match: <math display=\"block\"><msqrt><mi>x</mi></msqrt></math>"))
            #expect(second.contains("<math display=\"inline\" aria-label=\"x^2\"><msup><mi>x</mi><mn>2</mn></msup></math></label>"))
            // An <option> holds text only: the TeX stays as written there.
            #expect(second.contains(">\\(\\sqrt{4}\\)</option>"))
        }
    }

    @Test func tripleMustachesPrintOnlyHTMLFields() throws {
        for (name, text) in try TemplateTextTests.templates() {
            for match in text.matches(of: /\{\{\{\s*([^}]*?)\s*\}\}\}/) {
                #expect(match.output.1.hasSuffix("HTML"), "\(name).mustache prints {{{\(match.output.1)}}} unescaped")
            }
            #expect(!text.contains("{{&"), "\(name).mustache prints a value unescaped with {{&")
        }
    }
}
