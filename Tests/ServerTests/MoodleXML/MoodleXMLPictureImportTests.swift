import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Moodle XML's pictures through the real server: a dry run checks them and stores nothing, an
/// import stores them as the course's pictures on the question and its choices, an export
/// carries them out and the same file comes back; pictures that are not pictures, too large
/// or past the course's quota skip their question with a reason, never a 5xx.
@Suite("Moodle XML pictures over HTTP", .hangGuard)
struct MoodleXMLPictureImportTests {
    static func file(_ name: String, _ bytes: [UInt8]) -> String {
        "<file name=\"\(name)\" path=\"/\" encoding=\"base64\">\(Data(bytes).base64EncodedString())</file>"
    }

    static let diagram = TestPictures.png(width: 40, height: 30)
    static let bulb = TestPictures.gif(width: 8, height: 8)

    /// A choice question whose prompt shows two pictures (the second left out) and whose first
    /// choice shows one without alt text.
    static let circuit =
        "<quiz>"
        + MoodleXMLFixture.question(
            "multichoice", name: "Circuit",
            text: "<p>Which bulb lights, \\(I = \\frac{U}{R}\\)?</p><img src=\"@@PLUGINFILE@@/circuit.png\" alt=\"A circuit\">"
                + "<img src=\"@@PLUGINFILE@@/extra.png\" alt=\"x\">",
            "<single>true</single>"
                + MoodleXMLFixture.answer("100", "<p>A</p><img src=\"@@PLUGINFILE@@/bulb.gif\">", extra: file("bulb.gif", bulb))
                + MoodleXMLFixture.answer("0", "<p>B</p>")
        ).replacingOccurrences(of: "</questiontext>", with: file("circuit.png", diagram) + file("extra.png", diagram) + "</questiontext>")
        + "</quiz>"

    static func count(_ query: PostgresQuery, in pool: PostgresPool) async throws -> Int {
        try await pool.query(query).single().decode("n")
    }

    @Test func aDryRunStoresNoPictureAndAnImportPutsThemOnTheQuestionAndItsChoice() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let dry = try await MoodleXMLFixture.importing(server, Self.circuit, course: courseID, token: faculty.token, dryRun: true)
                .expect(.ok).decode(QuestionImportReport.self)
            #expect(dry.imported == 1 && dry.skipped.isEmpty)
            #expect(
                dry.leftOut.map(\.reason).sorted() == [
                    "left out: the picture “extra.png” (a text keeps its first picture only)",
                    "picture without alt text: write one (“bulb.gif” is described by its file name for now)",
                ])
            #expect(try await Self.count("SELECT count(*) AS n FROM course_media", in: pool) == 0)
            #expect(try await Self.count("SELECT count(*) AS n FROM media_blobs", in: pool) == 0)

            let report = try await MoodleXMLFixture.importing(server, Self.circuit, course: courseID, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 1 && report.leftOut.count == 2)
            let question = try #require(try await MoodleXMLFixture.bank(server, course: courseID, token: faculty.token).first)
            #expect(question.prompt == "Which bulb lights, \\(I = \\frac{U}{R}\\)?")
            let image = try #require(question.image)
            #expect(image.alt == "A circuit")
            #expect(question.choices?.first?.image?.alt == "bulb" && question.choices?.last?.image == nil)
            let served = try await server.get(APIPaths.media(image.mediaId), token: faculty.token).expect(.ok)
            #expect([UInt8](served.body) == Self.diagram)
            try await server.get(APIPaths.media(image.mediaId), token: student.token).expect(.ok)
            #expect(try await Self.count("SELECT count(*) AS n FROM course_media WHERE course_id = \(courseID)", in: pool) == 2)
        }
    }

    /// Every kind, each with a picture, a choice's picture and TeX: exported, imported into a
    /// fresh course and exported again, the file is the same.
    @Test func anExportWithPicturesImportsIntoAFreshCourseAndExportsTheSame() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            // Each prompt shows d.png; the first choice of "Half" shows b.gif.
            let bank = MoodleXMLFixture.bank.replacingOccurrences(
                of: "]]></text></questiontext>",
                with: "<img src=\"@@PLUGINFILE@@/d.png\" alt=\"Diagram\">]]></text>" + Self.file("d.png", Self.diagram) + "</questiontext>"
            ).replacingOccurrences(
                of: "<p>2</p>]]></text>",
                with: "<p>2</p><img src=\"@@PLUGINFILE@@/b.gif\" alt=\"Two bulbs\">]]></text>" + Self.file("b.gif", Self.bulb))
            let report = try await MoodleXMLFixture.importing(server, bank, course: courseID, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 8, "\(report.skipped)")
            let original = try await MoodleXMLFixture.bank(server, course: courseID, token: faculty.token)
            #expect(original.allSatisfy { $0.image?.alt == "Diagram" })
            #expect(original.first?.choices?.first?.image?.alt == "Two bulbs")
            let export = try await server.get(APIPaths.exportQuestions(courseID) + "?format=moodlexml", token: faculty.token).expect(.ok)
            #expect(export.text.contains("&lt;img src=&quot;@@PLUGINFILE@@/") && export.text.contains("path=\"/\" encoding=\"base64\">"))
            #expect(export.text.contains("\\frac{1}{2}"), "formulas stay TeX")
            let copy = try #require(try await server.createCourse("Copy", token: faculty.token).id)
            let again = try await MoodleXMLFixture.importing(server, export.text, course: copy, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(again.imported == 8 && again.skipped.isEmpty && again.leftOut.isEmpty, "\(again.leftOut)")
            let copied = try await MoodleXMLFixture.bank(server, course: copy, token: faculty.token)
            #expect(copied.allSatisfy { $0.image?.alt == "Diagram" && $0.image?.mediaId != original.first?.image?.mediaId })
            let exportAgain = try await server.get(APIPaths.exportQuestions(copy) + "?format=moodlexml", token: faculty.token).expect(.ok)
            #expect(exportAgain.text == export.text)
        }
    }

    @Test(
        arguments: [
            (
                "an SVG", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>".utf8),
                "it is not a PNG, JPEG, WebP or GIF picture"
            ),
            ("a decompression bomb", TestPictures.png(width: 10_000, height: 10_000), "10000 × 10000"),
            ("a truncated PNG", Array(TestPictures.png(width: 4, height: 4).prefix(30)), "cut short"),
        ])
    func aFileThatIsNotAPictureSkipsItsQuestionAndNothingIsStored(_ what: String, _ bytes: [UInt8], _ reason: String) async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, _, course) = try await server.classroom()
            let xml =
                "<quiz>"
                + MoodleXMLFixture.question("essay", name: "Bad", text: "<p>Q</p><img src=\"@@PLUGINFILE@@/x.png\" alt=\"x\">")
                .replacingOccurrences(of: "</questiontext>", with: Self.file("x.png", bytes) + "</questiontext>") + "</quiz>"
            for dryRun in [true, false] {
                let reply = try await MoodleXMLFixture.importing(server, xml, course: course.id!, token: faculty.token, dryRun: dryRun)
                let report = try reply.expect(dryRun ? .ok : .created).decode(QuestionImportReport.self)
                #expect(report.imported == 0 && report.skipped.map(\.name) == ["Bad"], "\(what)")
                #expect(report.skipped.first?.reason.contains("the picture “x.png” was not imported") == true, "\(what)")
                #expect(report.skipped.first?.reason.contains(reason) == true, "\(what): \(report.skipped)")
            }
            #expect(try await Self.count("SELECT count(*) AS n FROM course_media", in: pool) == 0)
        }
    }

    /// The whole file is at most 1 MiB, so the course's quota (1 MiB here) is first mostly
    /// taken by an upload.
    @Test func aPicturePastTheCoursesQuotaSkipsItsQuestionWithAReason() async throws {
        try await TestServer.run(configure: { $0.mediaQuotaPerCourseMB = 1 }) { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            try await MediaRouteTests.upload(
                TestPictures.png(width: 100, height: 100, filler: 9, padding: 600_000), type: "image/png", courseID: courseID,
                token: faculty.token, on: server
            ).expect(.created)
            let xml =
                "<quiz>"
                + ["One", "Two"].enumerated().map { index, name in
                    MoodleXMLFixture.question("essay", name: name, text: "<p>Q</p><img src=\"@@PLUGINFILE@@/x.png\" alt=\"x\">")
                        .replacingOccurrences(
                            of: "</questiontext>",
                            with: Self.file("x.png", TestPictures.png(width: 100, height: 100, filler: UInt8(index), padding: 300_000))
                                + "</questiontext>")
                }.joined() + "</quiz>"
            let report = try await MoodleXMLFixture.importing(server, xml, course: courseID, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 1 && report.skipped.map(\.name) == ["Two"])
            #expect(report.skipped.first?.reason.contains("at most 1 MiB") == true, "\(report.skipped)")
        }
    }

    /// Modelled on Moodle's own fixture `sample_questions_with_old_image_tag.xml`: a Moodle 1.9
    /// export, a cloze question (skipped) and a choice question whose picture is in `<image>`
    /// and `<image_base64>`, outside the text.
    @Test func aMoodle19ExportWithItsOldImageFieldImports() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let picture = Data(TestPictures.png(width: 16, height: 16)).base64EncodedString()
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <quiz>
                <!-- question: 0  -->
                  <question type="category"><category><text>$course$/Default for Test images in backup</text></category></question>
                <!-- question: 5  -->
                  <question type="cloze"><name><text>cloze with image</text></name>
                    <questiontext><text><![CDATA[Capital of France: {1:SHORTANSWER:%100%Paris}]]></text></questiontext>
                    <image>moodle.png</image>
                    <image_base64>
                \(picture)
                    </image_base64>
                  </question>
                <!-- question: 4  -->
                  <question type="multichoice"><name><text>mcq with image</text></name>
                    <questiontext format="html"><text><![CDATA[A multichoice question with an image in the old &quot;image&quot; field]]></text></questiontext>
                    <image>moodle.png</image>
                    <image_base64>
                \(picture)
                    </image_base64>
                    <generalfeedback><text></text></generalfeedback>
                    <defaultgrade>1</defaultgrade><penalty>0.1</penalty><hidden>0</hidden><shuffleanswers>1</shuffleanswers>
                    <single>true</single>
                    <answer fraction="0"><text>
                wrong answer
                        </text><feedback><text></text></feedback></answer>
                    <answer fraction="100"><text>
                right answer
                        </text><feedback><text></text></feedback></answer>
                  </question>
                </quiz>
                """
            let report = try await MoodleXMLFixture.importing(server, xml, course: course.id!, token: faculty.token)
                .expect(.created).decode(QuestionImportReport.self)
            #expect(report.imported == 1 && report.skipped.map(\.name) == ["cloze with image"])
            #expect(
                report.leftOut.map(\.reason) == ["picture without alt text: write one (“moodle.png” is described by its file name for now)"]
            )
            let question = try #require(try await MoodleXMLFixture.bank(server, course: course.id!, token: faculty.token).first)
            #expect(question.prompt == "A multichoice question with an image in the old \"image\" field")
            #expect(question.image?.alt == "moodle" && question.topic == "Default for Test images in backup")
            #expect(question.choices?.map(\.text) == ["wrong answer", "right answer"])
        }
    }
}
