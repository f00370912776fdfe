import ExamPrepShared
import ExamPrepStatistics
import Testing

@Suite("Score bands and the terminal histogram")
struct HistogramTests {
    @Test("Ten bands of 10 %, half-open except the last, out-of-range scores in the end bands")
    func bands() {
        let bins = ScoreHistogram.bins(percents: [0, 9.99, 10, 100 * 0.7, 69.99999999999999, 99.99, 100, 104, -2])
        #expect(bins.map(\.from) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90])
        #expect(bins.map(\.to) == [10, 20, 30, 40, 50, 60, 70, 80, 90, 100])
        #expect(bins.map(\.count) == [3, 1, 0, 0, 0, 0, 0, 2, 0, 3])
    }

    @Test("Seven of ten points lands in 70–80 whatever the rounding")
    func sevenOfTen() {
        let attempts = [0.7, 7.0, 2.1].map { score in
            ItemAnalysisInput.Attempt(
                maxScore: score * 10 / 7, responses: [.init(questionId: 1, score: score, maxScore: score * 10 / 7)])
        }
        let statistics = ItemAnalysis.compute(ItemAnalysisInput(attempts: attempts))
        #expect(statistics.scoreHistogram.map(\.count) == [0, 0, 0, 0, 0, 0, 0, 3, 0, 0])
    }

    @Test("Other band counts are clamped to 1…100")
    func bandCount() {
        #expect(ScoreHistogram.bins(percents: [50], binCount: 0).count == 1)
        #expect(ScoreHistogram.bins(percents: [50], binCount: 4).map(\.to) == [25, 50, 75, 100])
        #expect(ScoreHistogram.bins(percents: [50], binCount: 1000).count == 100)
    }

    @Test("Terminal histogram: one line per band, bars scaled to the largest, a summary line")
    func text() throws {
        let statistics = ItemAnalysis.compute(try #require(ReferenceCase.named("larger")).input)
        let text = TextHistogram.render(statistics, barWidth: 30)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 11)
        let maximum = try #require(statistics.scoreHistogram.map(\.count).max())
        for (line, bin) in zip(lines, statistics.scoreHistogram) {
            let blocks = line.filter { $0 == "█" }.count
            #expect(line.hasSuffix(" \(bin.count)"))
            if bin.count == maximum { #expect(blocks == 30) }
            if bin.count > 0 { #expect(blocks >= 1) } else { #expect(blocks == 0) }
        }
        #expect(lines.first?.hasPrefix("  0-10 │") == true)
        #expect(lines.dropLast().last?.hasPrefix("90-100 │") == true)
        #expect(lines.last?.hasPrefix("Mean 47.9 %   Median") == true)
        #expect(lines.last?.hasSuffix("Attempts 40") == true)
        let ascii = TextHistogram.render(statistics, ascii: true)
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(ascii.contains("#"))
    }

    @Test("Terminal summary shows a dash for figures that cannot be computed")
    func textMissingFigures() throws {
        let statistics = ItemAnalysis.compute(try #require(ReferenceCase.named("single")).input)
        #expect(TextHistogram.render(statistics).hasSuffix("Mean 68.8 %   Median 68.8 %   SD –   Attempts 1\n"))
    }
}
