import ExamPrepShared
import ExamPrepStatistics
import Testing

/// Every figure of every reference set against Python's `statistics` module, to four decimals.
@Suite("Figures agree with Python's statistics module")
struct ReferenceTests {
    @Test("Exam-level figures", arguments: ReferenceCase.all)
    func examFigures(_ reference: ReferenceCase) {
        let statistics = ItemAnalysis.compute(reference.input)
        let expected = reference.expected
        #expect(statistics.attempts == expected.attempts)
        #expect(agreesToFourDecimals(statistics.mean, expected.mean), "mean \(String(describing: statistics.mean))")
        #expect(agreesToFourDecimals(statistics.median, expected.median), "median \(String(describing: statistics.median))")
        #expect(
            agreesToFourDecimals(statistics.standardDeviation, expected.standardDeviation),
            "standard deviation \(String(describing: statistics.standardDeviation))")
        #expect(
            agreesToFourDecimals(statistics.cronbachAlpha, expected.cronbachAlpha),
            "alpha \(String(describing: statistics.cronbachAlpha)) expected \(String(describing: expected.cronbachAlpha))")
        #expect(statistics.scoreHistogram.map(\.count) == expected.histogram)
    }

    @Test("Question figures", arguments: ReferenceCase.all)
    func questionFigures(_ reference: ReferenceCase) {
        let statistics = ItemAnalysis.compute(reference.input)
        #expect(statistics.questions.map(\.questionId) == reference.expected.questions.map(\.questionId))
        for (actual, expected) in zip(statistics.questions, reference.expected.questions) {
            let id = expected.questionId
            #expect(actual.attempts == expected.attempts, "\(id) attempts")
            #expect(agreesToFourDecimals(actual.facility, expected.facility), "\(id) facility \(actual.facility)")
            #expect(
                agreesToFourDecimals(actual.standardDeviation, expected.standardDeviation),
                "\(id) standard deviation \(String(describing: actual.standardDeviation))")
            #expect(
                agreesToFourDecimals(actual.discrimination, expected.discrimination),
                "\(id) discrimination \(String(describing: actual.discrimination)) expected \(String(describing: expected.discrimination))")
            // The reference counts by id; the letters and texts are OptionNameTests'.
            #expect(actual.options?.map { OptionCount(id: $0.id, chosen: $0.chosen) } == expected.options, "\(id) options")
        }
    }

    @Test("The reference sets cover what the issue asks for")
    func coverage() throws {
        let drawn = try #require(ReferenceCase.named("drawn"))
        #expect(Set(drawn.expected.questions.map(\.attempts)).count > 1, "drawn questions seen by different counts")
        #expect(drawn.expected.cronbachAlpha != nil, "alpha over the common questions")
        let disjoint = try #require(ReferenceCase.named("disjoint"))
        #expect(disjoint.expected.cronbachAlpha == nil)
        let single = try #require(ReferenceCase.named("single"))
        #expect(single.expected.standardDeviation == nil)
        let identical = try #require(ReferenceCase.named("identical"))
        #expect(identical.expected.standardDeviation == 0)
        #expect(identical.expected.questions.allSatisfy { $0.discrimination == nil })
        let basic = try #require(ReferenceCase.named("basic"))
        #expect(basic.expected.questions.contains { ($0.discrimination ?? 0) < 0 })
        let larger = try #require(ReferenceCase.named("larger"))
        #expect(larger.expected.attempts == 40)
    }
}
