import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Moodle XML through the real server: a dry run reports, an import stores every kind, an
/// export imports back into a fresh course as the same questions, and bad documents are a
/// 4xx with nothing stored.
@Suite("Moodle XML over HTTP", .hangGuard)
struct MoodleXMLImportTests {
    @Test func aDryRunReportsWhatWouldBeImportedSkippedAndLeftOut() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let report = try await MoodleXMLFixture.importing(
                server, MoodleXMLFixture.bank, course: course.id!, token: faculty.token, dryRun: true
            )
            .expect(.ok).decode(QuestionImportReport.self)
            #expect(report.imported == 8 && report.questionIds.isEmpty)
            #expect(report.skipped.map(\.name) == ["Cloze"])
            #expect(report.skipped.first?.reason.contains("multianswer") == true)
            #expect(report.leftOut.map(\.name) == ["Half", "Primes"])
            #expect(report.leftOut.map(\.reason) == ["left out: a script", "left out: an image from another site"])
            #expect(try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token).isEmpty)
        }
    }

    @Test func anImportStoresEveryKindWithTopicsTagsPointsAndTeX() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let report = try await MoodleXMLFixture.importing(server, MoodleXMLFixture.bank, course: course.id!, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 8 && report.questionIds.count == 8)
            let bank = try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token)
            #expect(
                bank.map(\.kind) == [.singleChoice, .multipleChoice, .trueFalse, .shortAnswer, .numerical, .matching, .essay, .description])
            let half = try #require(bank.first)
            #expect(half.prompt == "What is \\(\\frac{1}{2}\\) of 4?" && half.points == 2 && half.topic == "Algebra")
            #expect(half.tags == ["fractions", "tex"] && half.name == "Half")
            #expect(half.choices?.map(\.text) == ["2", "8"] && half.choices?.last?.feedback == "No: $$4 \\cdot 2$$")
            #expect(bank[1].prompt == "Which are prime?", "no raw tags are stored")
            #expect(bank[3].topic == "Algebra/Words" && bank[4].points == 3)
            #expect(
                bank[4].answer == .numbers([NumericalAnswer(value: 3.14, tolerance: 0.005)]) && bank[4].feedbackWhenWrong == "Try again")
            #expect(bank[5].options?.map(\.text) == ["square", "cube", "line"] && bank[5].items?.map(\.text) == ["\\(x^2\\)", "x^3"])
            #expect(bank[6].graderInfo == "Induction" && bank[6].points == 5)
            #expect(bank[7].prompt == "Part B\n\nGeometry" && bank[7].points == 0)
        }
    }

    @Test func anExportImportsBackIntoAFreshCourseAsTheSameQuestions() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            try await MoodleXMLFixture.importing(server, MoodleXMLFixture.bank, course: course.id!, token: faculty.token).expect(.created)
            let export = try await server.get(APIPaths.exportQuestions(course.id!) + "?format=moodlexml", token: faculty.token).expect(.ok)
            #expect(export.headers[.contentType]?.hasPrefix("application/xml") == true)
            #expect(export.text.hasPrefix("<?xml") && export.text.contains("<question type=\"category\">"))
            let copy = try await server.createCourse("Copy", token: faculty.token)
            // The CLI's way: plain text with ?format=moodlexml.
            let report = try await MoodleXMLFixture.importing(
                server, export.text, course: copy.id!, token: faculty.token, contentType: "text/plain", format: "moodlexml"
            ).expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 8 && report.skipped.isEmpty && report.leftOut.isEmpty)
            let before = try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token).map(MoodleXMLFixture.canonical)
            let after = try await MoodleXMLFixture.bank(server, course: copy.id!, token: faculty.token).map(MoodleXMLFixture.canonical)
            #expect(before.count == after.count)
            for (original, copied) in zip(before, after) { #expect(original == copied) }
        }
    }

    @Test func namesAndTextsWithQuotesAndCombiningMarksGoThereAndBack() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            for (index, input) in FuzzText.inputs.enumerated() {
                let draft = QuestionDraft(
                    kind: .essay, prompt: "P \(input) \(index)", points: 1, answer: nil, generalFeedback: input, graderInfo: input,
                    name: "N \(input) \(index)", topic: "T\(input)", tags: ["t\(input)"])
                try await server.post(APIPaths.courseQuestions(course.id!), json: draft, token: faculty.token).expect(.created)
            }
            let export = try await server.get(APIPaths.exportQuestions(course.id!) + "?format=moodlexml", token: faculty.token).expect(.ok)
            let copy = try await server.createCourse("Copy", token: faculty.token)
            let report = try await MoodleXMLFixture.importing(server, export.text, course: copy.id!, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == FuzzText.inputs.count, "\(report.skipped)")
            #expect(try await MoodleXMLFixture.bank(server, course: copy.id!, token: faculty.token).count == FuzzText.inputs.count)
            let before = try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token).map(MoodleXMLFixture.canonical)
            let after = try await MoodleXMLFixture.bank(server, course: copy.id!, token: faculty.token).map(MoodleXMLFixture.canonical)
            for (original, copied) in zip(before, after) { #expect(original == copied) }
        }
    }

    static let refused: [(String, String)] = [
        (
            "billion laughs",
            "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [<!ENTITY lol \"lol\"><!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">"
                + "<!ENTITY lol2 \"&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;\">]>\n<quiz>&lol2;</quiz>"
        ),
        ("external entity", "<?xml version=\"1.0\"?><!DOCTYPE quiz [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><quiz>&x;</quiz>"),
        ("broken", "<quiz><question type=\"essay\"><name><text>x</text></name>"),
        ("deep", String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)),
        ("not a quiz", "<html><body>hi</body></html>"),
    ]

    @Test(arguments: refused)
    func aDangerousOrBrokenDocumentIsA400AndNothingIsStored(_ name: String, _ xml: String) async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            for dryRun in [true, false] {
                let reply = try await MoodleXMLFixture.importing(server, xml, course: course.id!, token: faculty.token, dryRun: dryRun)
                #expect(reply.status == .badRequest, "\(name): \(reply.text)")
                #expect(reply.error?.error == .validationFailed, "\(name): \(reply.text)")
            }
            #expect(try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token).isEmpty)
        }
    }

    @Test func aFileOf3MBIsTooLargeAndAPictureByAFolderNameIsSkipped() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let big =
                "<quiz>"
                + MoodleXMLFixture.question(
                    "essay", name: "Big", text: "Q",
                    "<file name=\"x.png\" encoding=\"base64\">" + String(repeating: "A", count: 3_000_000) + "</file>")
                + "</quiz>"
            let tooLarge = try await MoodleXMLFixture.importing(server, big, course: course.id!, token: faculty.token)
            #expect(tooLarge.status == .contentTooLarge, "\(tooLarge.text.prefix(200))")
            let sneaky =
                "<quiz>"
                + MoodleXMLFixture.question("essay", name: "Sneaky", text: "<img src=\"@@PLUGINFILE@@/../../etc/passwd\" alt=\"x\">")
                + "</quiz>"
            let report = try await MoodleXMLFixture.importing(server, sneaky, course: course.id!, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 0 && report.skipped.map(\.name) == ["Sneaky"])
            #expect(report.skipped.first?.reason.contains("may not contain") == true)
            let html = try await MoodleXMLFixture.importing(
                server, sneaky, course: course.id!, token: faculty.token, contentType: "text/html")
            #expect(html.status == .unsupportedMediaType)
            #expect(try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token).isEmpty)
        }
    }

    /// GIFT's `[html]` imported the tags as they were, and students saw them raw.
    @Test func giftHTMLIsReadAsPlainTextAndWhatIsLeftOutIsSaid() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let gift = #"::Shown::[html]<p>Is <b>this</b> \{shown\}?<img src\="https\://evil.example/x.png"></p>{T}"#
            let report = try await MoodleXMLFixture.importing(
                server, gift, course: course.id!, token: faculty.token, contentType: "text/plain"
            )
            .expect(.created).decode(QuestionImportReport.self)
            #expect(report.leftOut.map(\.reason) == ["left out: an image from another site"])
            let stored = try #require(try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token).first)
            #expect(stored.prompt == "Is this {shown}?")
            let export = try await server.get(APIPaths.exportQuestions(course.id!), token: faculty.token).expect(.ok)
            #expect(export.text.contains(#"Is this \{shown\}?"#), "escaped braces survive the GIFT export")
        }
    }
}
