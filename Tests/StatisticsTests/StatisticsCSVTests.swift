import ExamPrepShared
import ExamPrepStatistics
import Foundation
import Testing

@Suite("CSV table")
struct StatisticsCSVTests {
    @Test("RFC 4180: BOM, header, CRLF after every record, quoting, formulas defused, four decimals, empty when absent")
    func format() {
        let statistics = ExamStatistics(
            attempts: 3, mean: 50, median: 50, standardDeviation: nil, cronbachAlpha: nil,
            scoreHistogram: [],
            questions: [
                QuestionStatistics(
                    questionId: 1, attempts: 3, kind: .singleChoice, prompt: "Pick \"one\", please", facility: 2.0 / 3,
                    discrimination: -0.000_01, standardDeviation: 0.5,
                    options: [OptionCount(id: "a", chosen: 2), OptionCount(id: "b", chosen: 0)]),
                QuestionStatistics(
                    questionId: 2, attempts: 1, prompt: "=1+1", facility: 1, discrimination: nil, standardDeviation: nil, options: nil),
            ],
            flags: [QuestionFlag(questionId: 1, kind: .unchosenDistractor(optionId: "b"))],
            notes: [])
        let expected =
            "\u{FEFF}questionId,kind,attempts,facility,standardDeviation,discrimination,options,flags,prompt\r\n"
            + "1,single_choice,3,0.6667,0.5000,0.0000,\"a=2;b=0\",unchosenDistractor(b),\"Pick \"\"one\"\", please\"\r\n"
            + "2,,1,1.0000,,,,,'=1+1\r\n"
        #expect(StatisticsCSV.render(statistics) == expected)
    }

    @Test("The basic set: one row per question, flags in their row")
    func basic() throws {
        let statistics = ItemAnalysis.compute(try #require(ReferenceCase.named("basic")).input)
        let csv = StatisticsCSV.render(statistics)
        #expect(csv.hasSuffix("\r\n"))
        let records = csv.dropFirst().components(separatedBy: "\r\n").dropLast()
        #expect(records.count == statistics.questions.count + 1)
        #expect(!records.contains { $0.contains("\n") || $0.contains("\r") })
        #expect(records.contains { $0.hasPrefix("1,,8,0.6250,") && $0.hasSuffix(",\"A=5;B=2;C=1;D=0\",unchosenDistractor(D),") })
        #expect(records.contains { $0.hasPrefix("3,,8,1.0000,0.0000,,,everyoneRight") })
        let q4 = try #require(records.first { $0.hasPrefix("4,") })
        #expect(q4.contains(",-0.") && q4.hasSuffix("negativeDiscrimination,"))
    }

    /// Issue 35, item 9: a field holding a semicolon or a tab was not quoted, so a spreadsheet
    /// in a semicolon-list locale split it, and a formula after the split escaped the defusing
    /// of the field's start; the options column was always such a field.
    @Test("Fields with a semicolon or a tab are quoted, so no locale splits them")
    func semicolonsAndTabs() {
        let statistics = ExamStatistics(
            attempts: 1, mean: nil, median: nil, standardDeviation: nil, cronbachAlpha: nil, scoreHistogram: [],
            questions: [
                QuestionStatistics(
                    questionId: 1, attempts: 1, kind: .singleChoice, prompt: "Sum;=HYPERLINK(\"http://x\")", facility: 1,
                    discrimination: nil, standardDeviation: nil, options: [OptionCount(id: "=cmd", chosen: 1)]),
                QuestionStatistics(
                    questionId: 2, attempts: 1, prompt: "a\t=1+1", facility: 1, discrimination: nil, standardDeviation: nil, options: nil),
            ],
            flags: [
                QuestionFlag(questionId: 1, kind: .everyoneRight), QuestionFlag(questionId: 1, kind: .unchosenDistractor(optionId: "x")),
            ],
            notes: [])
        let records = StatisticsCSV.render(statistics).dropFirst().components(separatedBy: "\r\n")
        #expect(
            records[1] == "1,single_choice,1,1.0000,,,'=cmd=1,\"everyoneRight;unchosenDistractor(x)\",\"Sum;=HYPERLINK(\"\"http://x\"\")\"")
        #expect(records[2] == "2,,1,1.0000,,,,,\"a\t=1+1\"")
    }
}
