import ExamPrepShared
import ExamPrepStatistics
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("Item analysis: edge cases and JSON shape")
struct ItemAnalysisTests {
    typealias Response = ItemAnalysisInput.Response

    @Test("No attempts: counts are zero and every figure is absent")
    func noAttempts() throws {
        let statistics = ItemAnalysis.compute(ItemAnalysisInput(attempts: []))
        #expect(statistics.attempts == 0)
        #expect(statistics.mean == nil && statistics.median == nil)
        #expect(statistics.standardDeviation == nil && statistics.cronbachAlpha == nil)
        #expect(statistics.scoreHistogram.count == 10)
        #expect(statistics.scoreHistogram.allSatisfy { $0.count == 0 })
        #expect(statistics.questions.isEmpty && statistics.flags.isEmpty && statistics.notes.isEmpty)
        let json = try Self.jsonObject(statistics)
        #expect(Set(json.keys) == ["attempts", "scoreHistogram", "questions", "flags", "notes", "guidance"])
    }

    @Test("Unusable data is skipped, not trusted")
    func unusableData() {
        let input = ItemAnalysisInput(attempts: [
            .init(responses: [
                Response(questionId: 1, score: 1, maxScore: 1),
                Response(questionId: 1, score: 0, maxScore: 1),  // second answer to q1: ignored
                Response(questionId: 2, score: .nan, maxScore: 1),  // no score: ignored
                Response(questionId: 3, score: 1, maxScore: 0),  // no maximum: ignored
            ]),
            .init(responses: []),  // nothing to score: attempt left out
            .init(maxScore: -4, responses: [Response(questionId: 1, score: 0.5, maxScore: 1)]),  // bad max: sum used
        ])
        let statistics = ItemAnalysis.compute(input)
        #expect(statistics.attempts == 2)
        #expect(statistics.questions.map(\.questionId) == [1])
        #expect(statistics.mean == 75)
        #expect(statistics.questions.first?.facility == 0.75)
    }

    @Test("An attempt's own maximum is used when given")
    func givenMaximum() {
        // 3 of 4 listed points, but the attempt was out of 6 (an ungraded essay is not listed).
        let input = ItemAnalysisInput(attempts: [
            .init(maxScore: 6, responses: [Response(questionId: 1, score: 3, maxScore: 4)])
        ])
        #expect(ItemAnalysis.compute(input).mean == 50)
    }

    @Test("Questions in order of first appearance; options keep authoring order, unknown ones after")
    func ordering() {
        let input = ItemAnalysisInput(
            attempts: [
                .init(responses: [
                    Response(questionId: 26, score: 1, maxScore: 1),
                    Response(questionId: 13, score: 0, maxScore: 1, chosenOptionIds: ["x", "other", "x"]),
                ])
            ],
            questions: [
                .init(questionId: 99, options: [.init(id: "a", correct: true)]),
                .init(questionId: 13, options: [.init(id: "y", correct: true), .init(id: "x", correct: false)]),
            ])
        let statistics = ItemAnalysis.compute(input)
        #expect(statistics.questions.map(\.questionId) == [26, 13])
        #expect(
            statistics.questions.last?.options == [
                OptionCount(id: "y", chosen: 0, letter: "A"), OptionCount(id: "x", chosen: 1, letter: "B"),
                OptionCount(id: "other", chosen: 1),
            ])
        #expect(statistics.questions.first?.options == nil)
    }

    @Test("Summation order cannot fake a spread: equal rests give no discrimination")
    func roundingNoise() {
        // The rest of the test is 0.1 + 0.2 + 0.3 in every attempt, listed in different orders, which
        // differ in the last bit as doubles; the question varies. There is no real spread in the rest.
        let orders: [[Double]] = [[0.1, 0.2, 0.3], [0.3, 0.2, 0.1], [0.2, 0.3, 0.1], [0.1, 0.3, 0.2]]
        let input = ItemAnalysisInput(
            attempts: orders.enumerated().map { index, rest in
                .init(
                    responses: [Response(questionId: 1, score: Double(index % 2), maxScore: 1)]
                        + rest.map { Response(questionId: Int($0 * 10) + 10, score: $0, maxScore: 1) })
            })
        let statistics = ItemAnalysis.compute(input)
        #expect(statistics.questions.first { $0.questionId == 1 }?.discrimination == nil)
    }

    @Test("JSON has the API's field names and leaves out what cannot be computed")
    func jsonShape() throws {
        let basic = try Self.jsonObject(ItemAnalysis.compute(try #require(ReferenceCase.named("basic")).input))
        #expect(
            Set(basic.keys) == [
                "attempts", "mean", "median", "standardDeviation", "cronbachAlpha", "scoreHistogram", "questions",
                "flags", "notes", "guidance",
            ])
        let bins = try #require(basic["scoreHistogram"] as? [[String: Any]])
        #expect(bins.first.map { Set($0.keys) } == ["from", "to", "count"])
        let questions = try #require(basic["questions"] as? [[String: Any]])
        #expect(
            questions.first.map { Set($0.keys) }
                == ["questionId", "attempts", "facility", "discrimination", "standardDeviation", "options"])
        let options = try #require(questions.first?["options"] as? [[String: Any]])
        #expect(options.first.map { Set($0.keys) } == ["id", "chosen", "letter"])
        let flags = try #require(basic["flags"] as? [[String: Any]])
        #expect(flags.first?["kind"] as? String == "unchosenDistractor")
        #expect(flags.first?["optionId"] as? String == "d")
        #expect(flags.dropFirst().allSatisfy { $0["optionId"] == nil })

        let single = try Self.jsonObject(ItemAnalysis.compute(try #require(ReferenceCase.named("single")).input))
        #expect(single["standardDeviation"] == nil && single["cronbachAlpha"] == nil)
        let question = try #require((single["questions"] as? [[String: Any]])?.first)
        #expect(question["discrimination"] == nil && question["standardDeviation"] == nil)
    }

    @Test("Every reference set encodes (no NaN or infinity) and decodes back equal", arguments: ReferenceCase.all)
    func codableRoundTrip(_ reference: ReferenceCase) throws {
        let statistics = ItemAnalysis.compute(reference.input)
        let data = try JSONEncoder().encode(statistics)
        #expect(try JSONDecoder().decode(ExamStatistics.self, from: data) == statistics)
        let input = try JSONDecoder().decode(ItemAnalysisInput.self, from: try JSONEncoder().encode(reference.input))
        #expect(input == reference.input)
    }

    @Test("A flag with an unknown kind is rejected when decoding")
    func unknownFlag() {
        let json = Data(#"{"questionId":1,"kind":"somethingElse"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(QuestionFlag.self, from: json) }
    }

    /// 500 attempts of a 40-question exam, the issue's benchmark size. Printed, not asserted: the figure
    /// for the lead, not a timed test.
    @Test("Benchmark: 500 attempts × 40 questions")
    func benchmark() {
        var generator = SplitMix64(seed: 28)
        let attempts = (0..<500).map { _ in
            ItemAnalysisInput.Attempt(
                responses: (0..<40).map { question in
                    let chosen = ["a", "b", "c", "d"][Int(generator.next() % 4)]
                    return Response(
                        questionId: question, score: chosen == "a" ? 2 : Double(generator.next() % 3) / 4,
                        maxScore: 2, chosenOptionIds: [chosen])
                })
        }
        let input = ItemAnalysisInput(attempts: attempts)
        let clock = ContinuousClock()
        var statistics: ExamStatistics?
        let elapsed = clock.measure { statistics = ItemAnalysis.compute(input) }
        #expect(statistics?.questions.count == 40)
        print("ItemAnalysis.compute, 500 attempts × 40 questions: \(elapsed)")
    }

    static func jsonObject(_ statistics: ExamStatistics) throws -> [String: Any] {
        let data = try JSONEncoder().encode(statistics)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }
}
