import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepInterchange

/// Moodle XML read into interchange questions (Moodle's own export layout) and written back:
/// every kind, TeX as written, HTML read as plain text, types we cannot carry skipped.
@Suite("Moodle XML")
struct MoodleXMLTests {
    @Test("Moodle 4's own export imports: every kind, topics, tags, points, feedback and TeX")
    func moodleSample() throws {
        let result = try MoodleXMLParser.parse(MoodleXMLSample.moodle4)
        let topic = ["Default for Physics 101", "Mechanics"]
        let expected: [Q] = [
            Q(
                name: "Speed of light", category: topic, tags: ["light", "constants"],
                text: "What is the speed of light in vacuum, \\(c\\)?", generalFeedback: "About $$3 \\times 10^8$$ m/s.",
                kind: .singleChoice(choices: [
                    right("\\(3 \\cdot 10^8\\) m/s", "Right."), wrong("340 m/s", "That is sound."), weighted(-33.33333, "Infinite"),
                ]), points: 2, image: InterchangePicture(name: "light.png", alt: "A beam of light", bytes: MoodleXMLPictureTests.pngBytes)),
            Q(
                name: "Vectors", category: topic, text: "Which are vectors?\n\n- pick all",
                kind: .multipleChoice(choices: [weighted(50, "Velocity"), weighted(50, "Force"), weighted(-100, "Mass")]), points: 1),
            Q(
                name: "Gravity", category: topic, text: "\\(g \\approx 9.81\\) m/s^2 on Earth.",
                kind: .trueFalse(answer: true, feedbackWhenWrong: "It is.", feedbackWhenRight: "Yes."), points: 1),
            Q(
                name: "SI unit of force", category: topic + ["Units"], text: "The SI unit of force is the _____.",
                kind: .shortAnswer(answers: [accept("newton"), accept("N", 50, "Write the name.")]), points: 1),
            Q(
                name: "Pi", category: topic + ["Units"], text: "\\(\\pi\\) to two decimals?",
                kind: .numerical(answers: [.exact(3.14, tolerance: 0.005)], otherwiseFeedback: "Not quite."), points: 1),
            Q(
                name: "Capitals", category: topic + ["Units"], text: "Match the country to its capital.",
                kind: .matching(pairs: [pair("Poland", "Warsaw"), pair("France", "Paris")], distractors: ["Berlin"]), points: 3),
            Q(
                name: "Energy", category: topic + ["Units"], text: "Explain conservation of energy.", kind: .essay, points: 5,
                graderInfo: "Mention kinetic and potential energy."),
            Q(name: "Part B", category: topic + ["Units"], text: "Part B\n\nQuestions on heat.", kind: .description, points: 0),
        ]
        #expect(result.questions.count == expected.count)
        for (read, want) in zip(result.questions, expected) { #expect(read == want) }
        #expect(result.skipped.map(\.name) == ["Cloze", "Drag words"])
        #expect(result.skipped.allSatisfy { $0.message.key == "moodle-xml.type-unsupported" })
        #expect(result.skipped.first?.reason.contains("multianswer") == true)
        let notes = Dictionary(grouping: result.notes, by: { $0.name ?? "" }).mapValues { $0.map(\.message.key) }
        #expect(notes["Speed of light"] == nil, "its picture is kept")
        #expect(notes["Vectors"] == ["moodle-xml.left-out.script"])
        #expect(result.questions.first.map { $0.line } == 15)
    }

    @Test("every kind, TeX, quotes, combining marks and odd spacing go out and come back the same")
    func roundTrip() throws {
        let marks = "e\u{301} \u{301}start \"q\" 'a' <b>&amp; a  b\n\n  c\t d "
        let questions: [Q] = [
            Q(
                name: "One \"quoted\" e\u{301}", category: ["Algebra", "Fractions"], tags: ["tex", "e\u{301}"],
                text: "Solve \\(\\frac{1}{2} + x = 1\\), $$x^{2}$$ and \\{braces\\}.", generalFeedback: marks,
                kind: .singleChoice(choices: [right("\\(\\frac12\\)", "yes"), weighted(-50, marks, marks)]), points: 3),
            Q(text: marks, kind: .multipleChoice(choices: [weighted(50, "a"), weighted(50, "b"), weighted(-100, "c")])),
            Q(category: ["Logic"], text: "T?", kind: .trueFalse(answer: false, feedbackWhenWrong: "w", feedbackWhenRight: nil)),
            Q(text: "S?", kind: .shortAnswer(answers: [accept("x  y"), accept("*", 0, "any")]), points: 2),
            Q(
                text: "N?",
                kind: .numerical(
                    answers: [.exact(1.5), .exact(-2e-7, tolerance: 0.25, weight: 50, feedback: "close")], otherwiseFeedback: "no")),
            Q(text: "M?", kind: .matching(pairs: [pair("a\u{301}", "1"), pair("b", "2")], distractors: ["3"])),
            Q(text: "E?", kind: .essay, points: 10, graderInfo: "look for \\(x\\)"),
            Q(text: "D: " + marks, kind: .description, points: 0),
            Q(textFormat: .plain, text: "<not html>  kept", kind: .essay, points: 1),
            Q(textFormat: .markdown, text: "**bold** _it_", kind: .essay, points: 1),
        ]
        let xml = MoodleXMLWriter.write(questions)
        let back = try MoodleXMLParser.parse(xml)
        #expect(back.skipped.isEmpty && back.notes.isEmpty)
        #expect(back.questions.count == questions.count)
        for (read, original) in zip(back.questions, questions) {
            var want = original
            if want.points == nil { want.points = want.kind == .description ? 0 : 1 }
            #expect(read == want)
        }
    }

    @Test("a range goes out as its midpoint and half its width")
    func range() throws {
        let xml = MoodleXMLWriter.write([Q(text: "R?", kind: .numerical(answers: [.range(1, 3)], otherwiseFeedback: nil))])
        let back = try MoodleXMLParser.parse(xml)
        #expect(back.questions.first?.kind == .numerical(answers: [.exact(2, tolerance: 1)], otherwiseFeedback: nil))
    }

    static func question(_ inner: String, type: String = "multichoice") -> String {
        """
        <quiz><question type="\(type)"><name><text>Q</text></name>\(inner)
        <answer fraction="100"><text>a</text></answer><answer fraction="0"><text>b</text></answer></question></quiz>
        """
    }

    @Test(
        "a picture by a folder name, one with no file, a file too large or not base64 skips the question",
        arguments: [
            (#"<questiontext format="html"><text>&lt;img src="@@PLUGINFILE@@/../x.png"&gt;</text></questiontext>"#, "moodle-xml.file-name"),
            (#"<questiontext format="html"><text>&lt;img src="@@PLUGINFILE@@/a/x.png"&gt;</text></questiontext>"#, "moodle-xml.file-name"),
            (#"<questiontext format="html"><text>&lt;img src="@@PLUGINFILE@@/x.png"&gt;</text></questiontext>"#, "moodle-xml.file-missing"),
            (
                #"<questiontext format="html"><text>Q</text><file name="x.png" encoding="base64">"#
                    + String(repeating: "AAAA", count: 700_000)
                    + "</file></questiontext>", "moodle-xml.file-too-large"
            ),
            (
                #"<questiontext format="html"><text>Q</text><file name="x.png" encoding="base64">@@@</file></questiontext>"#,
                "moodle-xml.file-not-base64"
            ),
            (#"<questiontext format="html"><text></text></questiontext>"#, "gift.text-empty"),
            (#"<questiontext><text>Q</text></questiontext><defaultgrade>lots</defaultgrade>"#, "moodle-xml.points"),
        ])
    func skips(_ inner: String, _ key: String) throws {
        let result = try MoodleXMLParser.parse(Self.question(inner))
        #expect(result.questions.isEmpty)
        #expect(result.skipped.map(\.message.key) == [key])
    }

    @Test("a fraction outside −100…100 and a number that is not one skip the question")
    func badAnswers() throws {
        let weight = try MoodleXMLParser.parse(
            "<quiz><question type=\"shortanswer\"><questiontext><text>Q</text></questiontext><answer fraction=\"150\"><text>a</text></answer></question></quiz>"
        )
        #expect(weight.skipped.map(\.message.key) == ["gift.weight-out-of-range"])
        let number = try MoodleXMLParser.parse(
            "<quiz><question type=\"numerical\"><questiontext><text>Q</text></questiontext><answer fraction=\"100\"><text>nan</text></answer></question></quiz>"
        )
        #expect(number.skipped.map(\.message.key) == ["gift.not-a-number"])
    }

    @Test("a document that is not <quiz> is refused whole")
    func notQuiz() {
        #expect(throws: XMLReadError("moodle-xml.not-quiz", ["name": .text("html")])) { try MoodleXMLParser.parse("<html/>") }
    }
}
