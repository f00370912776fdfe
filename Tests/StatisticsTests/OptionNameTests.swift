import ExamPrepShared
import ExamPrepStatistics
import Foundation
import Testing

/// Issue 67, item 4: the statistics named a choice by its id, which an import makes eight
/// random letters ("yszerp2i: 2, 6wxx5tm8: 0"); a teacher knows the choice by its place and text.
@Suite("Options named by letter and text")
struct OptionNameTests {
    typealias Response = ItemAnalysisInput.Response

    /// Imported ids, in the order the question is written: Paris (right), Lyon, Nice.
    static let ids = ["yszerp2i", "6wxx5tm8", "k3j9ab2c"]

    static let capital = ItemAnalysisInput.Question(
        questionId: 7, kind: .singleChoice, prompt: "The capital of France?",
        options: [
            .init(id: ids[0], correct: true, text: "Paris"), .init(id: ids[1], correct: false, text: "Lyon"),
            .init(id: ids[2], correct: false, text: "Nice"),
        ])

    /// Five sittings that saw the questions in different orders (as shuffled attempts do): three
    /// chose Paris, two Lyon, nobody Nice.
    static let input = ItemAnalysisInput(
        attempts: [ids[0], ids[1], ids[0], ids[1], ids[0]].enumerated().map { index, chosen -> ItemAnalysisInput.Attempt in
            let capital = Response(questionId: 7, score: chosen == ids[0] ? 1 : 0, maxScore: 1, chosenOptionIds: [chosen])
            let water = Response(questionId: 8, score: index == 0 ? 0 : 1, maxScore: 1)
            return .init(responses: index.isMultiple(of: 2) ? [capital, water] : [water, capital])
        },
        questions: [capital])

    @Test("Counts by the question's own choices, named A, B, C by their place as written, with their texts")
    func lettersAndTexts() throws {
        let statistics = ItemAnalysis.compute(Self.input)
        let options = try #require(statistics.questions.first { $0.questionId == 7 }?.options)
        #expect(options.map(\.name) == ["A. Paris", "B. Lyon", "C. Nice"])
        #expect(options.map(\.chosen) == [3, 2, 0])
        #expect(options.map(\.id) == Self.ids)
        #expect(statistics.questions.first { $0.questionId == 7 }?.optionName(Self.ids[2]) == "C. Nice")

        let csv = StatisticsCSV.render(statistics)
        #expect(csv.contains(",\"A. Paris=3;B. Lyon=2;C. Nice=0\",") && csv.contains("unchosenDistractor(C. Nice)\""), "\(csv)")
        for id in Self.ids { #expect(!csv.contains(id), "\(id) in \(csv)") }
    }

    @Test("A long text is cut at 60 characters with …, a combining mark kept with its letter; spaces collapse")
    func longTexts() {
        let long = String(repeating: "e\u{0301}", count: 70)
        let name = OptionCount(id: "x", chosen: 0, letter: "B", text: long).name
        #expect(name == "B. " + String(repeating: "e\u{0301}", count: 59) + "…")
        #expect(name.count == 3 + OptionCount.nameLength)
        #expect(OptionCount(id: "x", chosen: 0, letter: "A", text: "  two\n  lines ").name == "A. two lines")
        #expect(OptionCount(id: "x", chosen: 0, letter: "A", text: " ").name == "A")
        #expect(OptionCount(id: "x", chosen: 0).name == "x")
        #expect([0, 1, 25, 26, 27, 701, 702].map(OptionCount.letter(at:)) == ["A", "B", "Z", "AA", "AB", "ZZ", "AAA"])
    }

    /// The quote and combining-mark inputs every text field gets, as choice texts.
    static let fuzz: [String] = {
        let breakers: [String] = ["\"", "\\", "{", "}", ",", "'", "=", "+", "-", "@", ";"]
        let combining = "\u{0301}"
        var inputs: [String] = []
        for breaker in breakers {
            inputs.append(breaker + combining)
            inputs.append("a" + breaker + combining + "b")
            inputs.append(breaker + breaker + combining)
            inputs.append(combining + breaker)
        }
        return inputs
    }()

    @Test("Quote and combining-mark choice texts: one quoted field, quotes doubled per scalar, nothing starts a formula")
    func fuzzedTexts() throws {
        for text in Self.fuzz {
            var question = Self.capital
            question.options[1].text = text
            let csv = StatisticsCSV.render(ItemAnalysis.compute(ItemAnalysisInput(attempts: Self.input.attempts, questions: [question])))
            let record = try #require(csv.components(separatedBy: "\r\n").dropFirst().first { $0.hasPrefix("7,") })
            let doubled = Self.doubled(text)
            #expect(record.contains("\"A. Paris=3;B. \(doubled)=2;C. Nice=0\","), "\(text.debugDescription): \(record.debugDescription)")
            let fields = record.unicodeScalars.filter { $0 == "\"" }.count
            #expect(fields.isMultiple(of: 2), "\(text.debugDescription): \(record.debugDescription)")
        }
    }

    /// `text` with each quote doubled per Unicode scalar, as a CSV field quotes it.
    static func doubled(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" { scalars.append(scalar) }
            scalars.append(scalar)
        }
        return String(scalars)
    }
}
