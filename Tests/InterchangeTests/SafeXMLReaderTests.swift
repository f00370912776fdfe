import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepInterchange

/// The XML reader reads the subset Moodle XML uses and refuses, with a reason naming the
/// line, everything that could expand, reach out or run away: DOCTYPE (billion laughs,
/// external entities), unknown entities, deep nesting, cut-short and broken documents.
@Suite("Safe XML reader")
struct SafeXMLReaderTests {
    @Test("elements, attributes, text, CDATA, comments, entities and the declaration are read")
    func reads() throws {
        let xml = """
            \u{FEFF}<?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment -->
            <quiz a="1 &amp; 2" b='x&apos;y'>
              <question type="multichoice"><text><![CDATA[<p>Hi & <b>bye</b></p>]]></text>
                <empty/>
                <t>a &lt; b &#x3C; c &#169; e\u{301}</t>
              </question>
            </quiz>
            <!-- after -->
            """
        let root = try SafeXMLReader.read(xml)
        #expect(root.name == "quiz" && root.attributes == ["a": "1 & 2", "b": "x'y"])
        let question = try #require(root.child("question"))
        #expect(question.attributes["type"] == "multichoice" && question.line == 4)
        #expect(question.child("text")?.text == "<p>Hi & <b>bye</b></p>")
        #expect(question.child("empty") != nil)
        #expect(question.child("t")?.text == "a < b < c © e\u{301}")
    }

    static let refused: [(String, String, String)] = [
        (
            "billion laughs",
            """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <quiz>&lol2;</quiz>
            """, "moodle-xml.doctype"
        ),
        (
            "external entity",
            """
            <?xml version="1.0"?>
            <!DOCTYPE quiz [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><quiz><question>&xxe;</question></quiz>
            """, "moodle-xml.doctype"
        ),
        ("a lowercase doctype", "<!doctype quiz><quiz/>", "moodle-xml.doctype"),
        ("an entity never declared", "<quiz>&xxe;</quiz>", "moodle-xml.entity-unknown"),
        ("a bare ampersand", "<quiz>a & b</quiz>", "moodle-xml.entity-unknown"),
        ("character reference zero", "<quiz>&#0;</quiz>", "moodle-xml.entity-unknown"),
        ("a surrogate reference", "<quiz>&#xD800;</quiz>", "moodle-xml.entity-unknown"),
        ("deep nesting", String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65), "moodle-xml.too-deep"),
        ("a million open tags", String(repeating: "<a>", count: 1_000_000), "moodle-xml.too-deep"),
        ("truncated", "<quiz><question type=\"essay\"><name><text>x</te", "moodle-xml.truncated"),
        ("truncated in CDATA", "<quiz><text><![CDATA[abc", "moodle-xml.truncated"),
        ("truncated in a comment", "<quiz><!-- abc", "moodle-xml.truncated"),
        ("empty", "", "moodle-xml.truncated"),
        ("mismatched", "<quiz><a></b></quiz>", "moodle-xml.close-mismatch"),
        ("closing unopened", "</quiz>", "moodle-xml.close-unopened"),
        ("two roots", "<quiz/><quiz/>", "moodle-xml.two-roots"),
        ("text outside", "hello <quiz/>", "moodle-xml.text-outside"),
        ("unquoted attribute", "<quiz a=1/>", "moodle-xml.malformed"),
        ("< in attribute", "<quiz a=\"<\"/>", "moodle-xml.malformed"),
        ("no name", "<quiz>< a/></quiz>", "moodle-xml.malformed"),
    ]

    @Test("dangerous and broken documents are refused with a reason", arguments: refused)
    func refuses(_ name: String, _ xml: String, _ key: String) {
        #expect {
            try SafeXMLReader.read(xml)
        } throws: { error in
            (error as? XMLReadError)?.message.key == key
        }
    }

    @Test("the reason names the line")
    func line() {
        #expect {
            try SafeXMLReader.read("<quiz>\n<a>\n</b>\n</quiz>")
        } throws: { error in
            (error as? XMLReadError)?.message.values["line"] == .integer(3)
        }
    }

    @Test("invalid UTF-8, as the server decodes a body, is not XML it reads")
    func invalidUTF8() {
        let bytes: [UInt8] = Array("<quiz>".utf8) + [0xFF, 0xFE] + Array("</quiz>".utf8)
        #expect(String(validating: bytes, as: UTF8.self) == nil)
        // Decoded with replacement, it reads without harm.
        #expect((try? SafeXMLReader.read(String(decoding: bytes, as: UTF8.self)))?.text == "\u{FFFD}\u{FFFD}")
    }

    @Test("random bytes and windows of Moodle XML never crash the reader")
    func fuzz() {
        var rng = SystemRandomNumberGenerator()
        let sample = MoodleXMLSample.moodle4
        for _ in 0..<300 {
            let start = Int.random(in: 0..<sample.count, using: &rng)
            let length = Int.random(in: 0..<400, using: &rng)
            let window = String(Array(sample).dropFirst(start).prefix(length))
            _ = try? SafeXMLReader.read(window)
            _ = try? MoodleXMLParser.parse(window)
            let soup = String((0..<200).map { _ in "<>&;/!?[]\"'=ab \n\u{301}".randomElement(using: &rng) ?? "a" })
            _ = try? SafeXMLReader.read(soup)
        }
    }
}
