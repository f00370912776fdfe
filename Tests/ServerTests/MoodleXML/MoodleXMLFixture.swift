import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore

@testable import ExamPrepServer

/// A Moodle XML bank with every kind the server has (and TeX), in Moodle's layout, and the
/// steps the Moodle XML server tests share.
enum MoodleXMLFixture {
    static func question(_ type: String, name: String, text: String, grade: String = "1.0000000", _ rest: String = "") -> String {
        """
          <question type="\(type)">
            <name><text>\(name)</text></name>
            <questiontext format="html"><text><![CDATA[\(text)]]></text></questiontext>
            <generalfeedback format="html"><text></text></generalfeedback>
            <defaultgrade>\(grade)</defaultgrade>
            <penalty>0.3333333</penalty>
            <hidden>0</hidden>
            <idnumber></idnumber>
        \(rest)
          </question>

        """
    }

    static func answer(_ fraction: String, _ text: String, feedback: String = "", format: String = "html", extra: String = "") -> String {
        """
            <answer fraction="\(fraction)" format="\(format)">
              <text><![CDATA[\(text)]]></text>
              <feedback format="html"><text><![CDATA[\(feedback)]]></text></feedback>\(extra)
            </answer>
        """
    }

    static func category(_ path: String) -> String {
        "  <question type=\"category\"><category><text>\(path)</text></category><info format=\"html\"><text></text></info></question>\n"
    }

    /// Every kind, TeX in texts, a cloze question (skipped) and HTML with a script and a
    /// picture from another site (left out, said in the report).
    static let bank: String =
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<quiz>\n" + category("$course$/top/Algebra")
        + question(
            "multichoice", name: "Half", text: "<p>What is \\(\\frac{1}{2}\\) of 4?</p><script>alert(1)</script>", grade: "2.0000000",
            "<single>true</single><shuffleanswers>true</shuffleanswers><answernumbering>abc</answernumbering>"
                + answer("100", "<p>2</p>", feedback: "<p>Yes</p>") + answer("0", "<p>8</p>", feedback: "<p>No: $$4 \\cdot 2$$</p>")
                + "<tags><tag><text>fractions</text></tag><tag><text>tex</text></tag></tags>")
        + question(
            "multichoice", name: "Primes", text: "<p>Which are prime?<img src=\"https://evil.example/x.png\"></p>",
            "<single>false</single>" + answer("50", "2") + answer("50", "3") + answer("-100", "4"))
        + question(
            "truefalse", name: "Root", text: "<p>\\(\\sqrt{9} = 3\\)</p>",
            answer("100", "true", feedback: "Right", format: "moodle_auto_format")
                + answer("0", "false", feedback: "Wrong", format: "moodle_auto_format"))
        + category("$course$/top/Algebra/Words")
        + question(
            "shortanswer", name: "Word", text: "<p>The word for x in \\(ax + b\\)?</p>",
            "<usecase>0</usecase>" + answer("100", "variable", format: "moodle_auto_format")
                + answer("50", "unknown", feedback: "Close", format: "moodle_auto_format"))
        + question(
            "numerical", name: "Pi", text: "<p>\\(\\pi\\) to 2 decimals</p>", grade: "3.0000000",
            answer("100", "3.14", format: "moodle_auto_format", extra: "<tolerance>0.005</tolerance>")
                + answer("0", "*", feedback: "Try again", format: "moodle_auto_format", extra: "<tolerance>0</tolerance>"))
        + question(
            "match", name: "Pairs", text: "<p>Match</p>",
            """
            <shuffleanswers>true</shuffleanswers>
            <subquestion format="html"><text><![CDATA[<p>\\(x^2\\)</p>]]></text><answer><text>square</text></answer></subquestion>
            <subquestion format="html"><text>x^3</text><answer><text>cube</text></answer></subquestion>
            <subquestion format="html"><text></text><answer><text>line</text></answer></subquestion>
            """)
        + question(
            "essay", name: "Proof", text: "<p>Prove it.</p>", grade: "5.0000000",
            "<responseformat>editor</responseformat><graderinfo format=\"html\"><text>Induction</text></graderinfo>")
        + question("description", name: "Part B", text: "<h2>Part B</h2><p>Geometry</p>", grade: "0.0000000")
        + question("multianswer", name: "Cloze", text: "<p>{1:SHORTANSWER:=x}</p>")
        + "</quiz>\n"

    static func importing(
        _ server: TestServer, _ text: String, course: Int, token: String, dryRun: Bool = false, contentType: String = "application/xml",
        format: String? = nil
    ) async throws -> TestReply {
        var query: [String] = []
        if dryRun { query.append("dryRun=true") }
        if let format { query.append("format=\(format)") }
        return try await server.send(
            .post, APIPaths.importQuestions(course) + (query.isEmpty ? "" : "?" + query.joined(separator: "&")), token: token,
            headers: [.contentType: contentType], body: ByteBuffer(string: text))
    }

    /// The course's bank, in order.
    static func bank(_ server: TestServer, course: Int, token: String) async throws -> [Question] {
        try await server.get(APIPaths.courseQuestions(course) + "?limit=200", token: token).expect(.ok).decode([Question].self)
    }

    /// The question with its ids replaced by their places (choice ids are random per import)
    /// and without its id and version: what a round trip keeps.
    static func canonical(_ question: Question) -> Question {
        var copy = question
        copy.id = 0
        copy.version = nil
        var names: [String: String] = [:]
        func rename(_ list: [Choice]?, _ prefix: String) -> [Choice]? {
            list.map { list in
                list.enumerated().map { index, choice in
                    names[choice.id] = "\(prefix)\(index)"
                    return Choice(id: "\(prefix)\(index)", text: choice.text, weight: choice.weight, feedback: choice.feedback)
                }
            }
        }
        copy.choices = rename(question.choices, "c")
        copy.items = rename(question.items, "i")
        copy.options = rename(question.options, "o")
        switch question.answer {
        case .text(let id): copy.answer = .text(names[id] ?? id)
        case .texts(let ids): copy.answer = .texts(ids.map { names[$0] ?? $0 }.sorted())
        case .matches(let pairs):
            copy.answer = .matches(Dictionary(uniqueKeysWithValues: pairs.map { (names[$0] ?? $0, names[$1] ?? $1) }))
        default: break
        }
        return copy
    }
}
