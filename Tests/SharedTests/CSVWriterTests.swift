import ExamPrepShared
import Foundation
import Testing

/// `CSV.document`: what spreadsheets open safely. Text people wrote that a spreadsheet would
/// take for a formula gets a leading apostrophe, whatever its first character of the six
/// (`=`, `+`, `-`, `@`, tab, CR); what the program wrote is written as it is.
@Suite("CSV writing")
struct CSVWriterTests {
    static func record(_ field: CSV.Field) -> String {
        let document = CSV.document(header: ["field"], records: [[field]])
        return String(document.dropFirst("\u{FEFF}field\r\n".count).dropLast())
    }

    @Test(arguments: ["=", "+", "-", "@"])
    func aFormulaStartIsDefused(start: String) {
        let text = start + "HYPERLINK(\"http://x\";\"y\")"
        let quoted = "\"'" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        #expect(Self.record(.text(text)) == quoted)
        #expect(Self.record(.text(start + "1+1")) == "'" + start + "1+1")
    }

    @Test(arguments: ["\t", "\r"])
    func aTabOrCarriageReturnStartIsDefusedAndQuoted(start: String) {
        #expect(Self.record(.text(start + "=1+1")) == "\"'" + start + "=1+1\"")
    }

    @Test func textThatIsNoFormulaAndWhatTheProgramWroteStayAsTheyAre() {
        #expect(Self.record(.text("Quiz 1 = easy")) == "Quiz 1 = easy")
        #expect(Self.record(.text("e\u{301}=1")) == "e\u{301}=1")
        #expect(Self.record(.plain("-1.5")) == "-1.5")
        #expect(Self.record(.plain("2026-11-22T10:15:00Z")) == "2026-11-22T10:15:00Z")
        #expect(Self.record(.text("")) == "")
    }

    @Test func aQuoteBeforeACombiningMarkIsDoubledAndQuoted() {
        #expect(Self.record(.text("a\"\u{301}b")) == "\"a\"\"\u{301}b\"")
        #expect(Self.record(.text("x;y")) == "\"x;y\"")
    }
}
