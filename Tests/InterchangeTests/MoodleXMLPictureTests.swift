import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepInterchange

/// Moodle XML's pictures: `<file encoding="base64">` shown by `@@PLUGINFILE@@/name` become the
/// question's and its choices' pictures, with their alt text; what cannot be kept is said.
@Suite("Moodle XML pictures")
struct MoodleXMLPictureTests {
    /// A 1×1 PNG, as Moodle's sample export carries it.
    static let png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    static var pngBytes: [UInt8] { [UInt8](Data(base64Encoded: png) ?? Data()) }

    static func file(_ name: String, _ base64: String = png) -> String {
        "<file name=\"\(name)\" path=\"/\" encoding=\"base64\">\(base64)</file>"
    }

    static func img(_ name: String, alt: String? = nil) -> String {
        "&lt;img src=\"@@PLUGINFILE@@/\(name)\"\(alt.map { " alt=\"\($0)\"" } ?? "")&gt;"
    }

    @Test("the prompt's and each choice's first picture are kept with their alt text; the rest is said")
    func promptAndChoices() throws {
        let xml = """
            <quiz><question type="multichoice"><name><text>Circuit</text></name>
            <questiontext format="html"><text>&lt;p&gt;Which bulb lights?&lt;/p&gt;\(Self.img("circuit.png", alt: "A circuit"))\(Self.img("second.png", alt: "x"))</text>
            \(Self.file("circuit.png"))\(Self.file("second.png"))</questiontext>
            <answer fraction="100" format="html"><text>A \(Self.img("a.png"))</text>\(Self.file("a.png"))
              <feedback format="html"><text>\(Self.img("fb.png", alt: "f"))</text>\(Self.file("fb.png"))</feedback></answer>
            <answer fraction="0" format="html"><text>B</text></answer>
            </question></quiz>
            """
        let result = try MoodleXMLParser.parse(xml)
        let question = try #require(result.questions.first)
        #expect(question.text == "Which bulb lights?")
        #expect(question.image == InterchangePicture(name: "circuit.png", alt: "A circuit", bytes: Self.pngBytes))
        guard case .singleChoice(let choices) = question.kind else {
            Issue.record("not a choice question")
            return
        }
        #expect(choices.first?.image == InterchangePicture(name: "a.png", alt: "a", bytes: Self.pngBytes))
        #expect(choices.first?.text == "A" && choices.last?.image == nil)
        #expect(
            result.notes.map(\.message) == [
                Message("moodle-xml.picture-extra", ["name": .text("second.png")]),
                Message("moodle-xml.picture-no-alt", ["name": .text("a.png")]),
                Message("moodle-xml.picture-elsewhere", ["name": .text("fb.png")]),
            ])
        #expect(result.notes.dropFirst().first?.reason.contains("picture without alt text: write one") == true)
    }

    @Test("a name is looked for beside its text first: two texts may each have their own image.png")
    func filesBesideTheirText() throws {
        let other = [UInt8](repeating: 7, count: 5)
        let otherBase64 = Data(other).base64EncodedString()
        let xml = """
            <quiz><question type="multichoice"><questiontext format="html"><text>Q\(Self.img("image.png", alt: "q"))</text>\(Self.file("image.png"))</questiontext>
            <answer fraction="100" format="html"><text>A\(Self.img("image.png", alt: "a"))</text>\(Self.file("image.png", otherBase64))</answer>
            </question></quiz>
            """
        let question = try #require(try MoodleXMLParser.parse(xml).questions.first)
        #expect(question.image?.bytes == Self.pngBytes)
        guard case .singleChoice(let choices) = question.kind else {
            Issue.record("not a choice question")
            return
        }
        #expect(choices.first?.image?.bytes == other)
    }

    @Test("Moodle 1.9's <image> and <image_base64> become the prompt's picture, its alt the file name")
    func oldImageTag() throws {
        let xml = """
            <quiz><question type="essay"><name><text>Old</text></name><questiontext format="html"><text>Describe it.</text></questiontext>
            <image>pics/moodle.png</image><image_base64>
            \(Self.png)
            </image_base64></question></quiz>
            """
        let result = try MoodleXMLParser.parse(xml)
        #expect(result.questions.first?.image == InterchangePicture(name: "moodle.png", alt: "moodle", bytes: Self.pngBytes))
        #expect(result.notes.map(\.message.key) == ["moodle-xml.picture-no-alt"])
    }

    @Test("every kind with pictures and formulas goes out and comes back equal")
    func roundTrip() throws {
        let picture = InterchangePicture(name: "d1.png", alt: "A \"right\" triangle e\u{301}\tx", bytes: Self.pngBytes)
        let choicePicture = InterchangePicture(name: "choice one.gif", alt: "GIF", bytes: [71, 73, 70, 56, 57, 97, 1, 0, 1, 0])
        let questions: [Q] = [
            Q(
                text: "Area of \\(\\frac{1}{2}ab\\)?",
                kind: .singleChoice(choices: [Q.Choice(text: "$$x^2$$", weight: 100, image: choicePicture), wrong("b")]),
                points: 2, image: picture),
            Q(
                text: "Pick", kind: .multipleChoice(choices: [Q.Choice(text: "a", weight: 50, image: picture), weighted(50, "b")]),
                image: picture),
            Q(text: "T?", kind: .trueFalse(answer: true, feedbackWhenWrong: nil, feedbackWhenRight: nil), image: picture),
            Q(text: "S?", kind: .shortAnswer(answers: [accept("x")]), image: picture),
            Q(text: "N?", kind: .numerical(answers: [.exact(1.5)], otherwiseFeedback: nil), image: picture),
            Q(text: "M?", kind: .matching(pairs: [pair("a", "1"), pair("b", "2")], distractors: []), image: picture),
            Q(text: "E?\nline two", kind: .essay, image: picture),
            Q(text: "D", kind: .description, points: 0, image: picture),
        ]
        let xml = MoodleXMLWriter.write(questions)
        #expect(xml.contains("<file name=\"d1.png\" path=\"/\" encoding=\"base64\">\(Self.png)</file>"))
        #expect(xml.contains("@@PLUGINFILE@@/choice%20one.gif"))
        let back = try MoodleXMLParser.parse(xml)
        #expect(back.skipped.isEmpty && back.notes.isEmpty, "\(back.notes.map(\.reason))")
        #expect(back.questions.count == questions.count)
        for (read, original) in zip(back.questions, questions) {
            var want = original
            if want.points == nil { want.points = 1 }
            #expect(read == want)
        }
        #expect(MoodleXMLWriter.write(back.questions) == xml)
    }
}
