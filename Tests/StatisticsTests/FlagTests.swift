import ExamPrepShared
import ExamPrepStatistics
import Testing

@Suite("Flags and notes")
struct FlagTests {
    typealias Response = ItemAnalysisInput.Response

    @Test("The basic set flags the distractor, everyone right and wrong, and the negative discrimination")
    func basicFlags() throws {
        let statistics = ItemAnalysis.compute(try #require(ReferenceCase.named("basic")).input)
        #expect(
            statistics.flags == [
                QuestionFlag(questionId: 1, kind: .unchosenDistractor(optionId: "d")),
                QuestionFlag(questionId: 3, kind: .everyoneRight),
                QuestionFlag(questionId: 4, kind: .negativeDiscrimination),
                QuestionFlag(questionId: 5, kind: .everyoneWrong),
            ])
        // Mean 54.3 % and SD 16.2 % are inside the guidance; the reversed q4 wrecks alpha (0.04).
        #expect(statistics.notes.map(\.kind) == [.reliabilityUnsatisfactory])
    }

    /// Twenty attempts: `easy` missed once (facility 0.95), `hard` got once (0.05).
    static func difficultyInput() -> ItemAnalysisInput {
        let attempts = (0..<20).map { index in
            ItemAnalysisInput.Attempt(responses: [
                Response(questionId: 1, score: index == 0 ? 0 : 1, maxScore: 1),
                Response(questionId: 2, score: index == 19 ? 1 : 0, maxScore: 1),
                Response(questionId: 3, score: Double(index % 5) / 2, maxScore: 2),
            ])
        }
        return ItemAnalysisInput(attempts: attempts)
    }

    @Test("Facility at Moodle's extremes is flagged too easy or too hard")
    func difficulty() {
        let kinds = ItemAnalysis.compute(Self.difficultyInput()).flags
            .filter { $0.kind == .tooEasy || $0.kind == .tooHard }
        #expect(
            kinds == [
                QuestionFlag(questionId: 1, kind: .tooEasy),
                QuestionFlag(questionId: 2, kind: .tooHard),
            ])
    }

    @Test("No flag or note below the minimum number of attempts")
    func minimumAttempts() {
        func input(count: Int) -> ItemAnalysisInput {
            ItemAnalysisInput(
                attempts: (0..<count).map { index in
                    .init(responses: [
                        Response(questionId: 1, score: 1, maxScore: 1),
                        Response(questionId: 2, score: Double(index % 2), maxScore: 1),
                    ])
                })
        }
        #expect(ItemAnalysis.compute(input(count: 4)).flags.isEmpty)
        #expect(ItemAnalysis.compute(input(count: 4)).notes.isEmpty)
        #expect(ItemAnalysis.compute(input(count: 5)).flags.contains(QuestionFlag(questionId: 1, kind: .everyoneRight)))
        let lenient = StatisticsGuidance(
            meanRange: 50...75, standardDeviationRange: 12...18, satisfactoryAlpha: 0.75, unsatisfactoryAlpha: 0.64,
            tooEasyFacility: 0.95, tooHardFacility: 0.05, minimumAttempts: 1)
        #expect(!ItemAnalysis.compute(input(count: 2), guidance: lenient).flags.isEmpty)
    }

    @Test("Exam notes follow Moodle's guidance on mean, spread and alpha")
    func examNotes() {
        // Everyone scores 90–100 %: mean above 75 %, SD below 12 %.
        let high = ItemAnalysisInput(
            attempts: (0..<6).map { index in
                .init(responses: [
                    Response(questionId: 1, score: 9 + Double(index % 2), maxScore: 10)
                ])
            })
        let notes = ItemAnalysis.compute(high).notes
        #expect(notes.map(\.kind) == [.meanAboveGuidance, .spreadBelowGuidance])
        #expect(notes.first?.value == 95)

        let low = ItemAnalysisInput(
            attempts: (0..<6).map { index in
                .init(responses: [Response(questionId: 1, score: Double(index % 3), maxScore: 10)])
            })
        #expect(ItemAnalysis.compute(low).notes.map(\.kind) == [.meanBelowGuidance, .spreadBelowGuidance])
    }

    @Test("Alpha between 0.64 and 0.75 is below satisfactory, not unsatisfactory")
    func alphaBands() throws {
        // Six attempts of three 2-point questions; alpha = 0.70073 (checked with Python's statistics module).
        let rows: [[Double]] = [[0, 0, 0], [0, 1, 2], [1, 2, 2], [0, 2, 0], [0, 1, 2], [2, 2, 2]]
        let input = ItemAnalysisInput(
            attempts: rows.map { row in
                .init(
                    responses: row.enumerated().map { index, score in
                        Response(questionId: index + 1, score: score, maxScore: 2)
                    })
            })
        let statistics = ItemAnalysis.compute(input)
        let alpha = try #require(statistics.cronbachAlpha)
        #expect(abs(alpha - 0.70073) < 0.00005)
        #expect(
            statistics.notes.filter { $0.kind.rawValue.hasPrefix("reliability") }
                == [ExamNote(kind: .reliabilityBelowSatisfactory, value: alpha)])
    }
}
