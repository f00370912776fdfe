import ExamPrepShared
import ExamPrepStatistics
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("SVG histogram")
struct HistogramSVGTests {
    static func statistics(_ name: String) throws -> ExamStatistics {
        ItemAnalysis.compute(try #require(ReferenceCase.named(name)).input)
    }

    @Test("Is well-formed XML with size, viewBox, axes, axis titles and the mean labelled")
    func wellFormed() throws {
        let statistics = try Self.statistics("larger")
        let svg = HistogramSVG.render(statistics, title: "Midterm")
        let outline = try #require(SVGOutline.parse(svg))
        #expect(outline.elementNames.first == "svg")
        #expect(outline.rootAttributes["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(outline.rootAttributes["width"] == "640")
        #expect(outline.rootAttributes["height"] == "400")
        #expect(outline.rootAttributes["viewBox"] == "0 0 640 400")
        #expect(outline.texts.contains("Score (%)"))
        #expect(outline.texts.contains("Attempts"))
        #expect(outline.texts.contains("Midterm"))
        #expect(outline.texts.contains("40 attempts"))
        let mean = try #require(statistics.mean)
        #expect(outline.texts.contains("Mean \(String(format: "%.1f", mean)) %"))
        for tick in stride(from: 0, through: 100, by: 10) {
            #expect(outline.texts.contains("\(tick)"), "x tick \(tick)")
        }
        let bars = statistics.scoreHistogram.filter { $0.count > 0 }.count
        #expect(
            outline.elementNames.filter { $0 == "rect" }.count == 2 * bars + 1,
            "a bar and a label patch per non-empty band, plus the background")
    }

    @Test("Escapes the title and keeps scripts and external references out")
    func escaping() throws {
        let statistics = try Self.statistics("basic")
        let title = "Q&A <Midterm> \"β\" 'x'\u{1}\nend"
        let svg = HistogramSVG.render(statistics, title: title)
        let outline = try #require(SVGOutline.parse(svg))
        #expect(outline.titleText == "Q&A <Midterm> \"β\" 'x' end")
        #expect(svg.contains("Q&amp;A &lt;Midterm&gt;"))
        for forbidden in ["<script", "href", "url(", "@import", "<image", "<foreignObject"] {
            #expect(!svg.contains(forbidden), "\(forbidden)")
        }
    }

    @Test("Renders an exam without attempts")
    func empty() throws {
        let statistics = ItemAnalysis.compute(ItemAnalysisInput(attempts: []))
        let svg = HistogramSVG.render(statistics, title: "Nobody yet")
        let outline = try #require(SVGOutline.parse(svg))
        #expect(outline.texts.contains("No attempts yet"))
        #expect(!outline.texts.contains { $0.hasPrefix("Mean") })
    }

    @Test("Puts the mean label on the inner side near the right edge")
    func meanLabelNearEdge() throws {
        let attempts = (0..<6).map { _ in
            ItemAnalysisInput.Attempt(responses: [.init(questionId: 1, score: 0.98, maxScore: 1)])
        }
        let svg = HistogramSVG.render(ItemAnalysis.compute(ItemAnalysisInput(attempts: attempts)), title: "Easy")
        #expect(svg.contains(##"text-anchor="end" fill="#D62728""##))
        #expect(SVGOutline.parse(svg) != nil)
    }

    @Test(
        "Looks right when rsvg-convert draws it: size, not blank, bars and mean line where they belong",
        arguments: ["basic", "larger", "drawn"])
    func rendersAsPicture(_ name: String) throws {
        let statistics = try Self.statistics(name)
        let layout = HistogramLayout()
        let svg = HistogramSVG.render(statistics, title: "Midterm exam (reference set “\(name)”)", layout: layout)
        let pngFile = try SVGRenderer.renderPNG(svg: svg, name: name)
        defer { try? FileManager.default.removeItem(at: pngFile.deletingLastPathComponent()) }
        let image = try PNGImage(data: Array(try Data(contentsOf: pngFile)))

        #expect(image.width == 640)
        #expect(image.height == 400)
        let pixels = image.pixels
        let inked = pixels.filter { !$0.isWhite }.count
        let share = Double(inked) / Double(pixels.count)
        #expect(share > 0.03 && share < 0.6, "share of non-white pixels \(share)")
        #expect(pixels.filter { $0.matches("#4C78A8") }.count > 2_000, "bar colour present")

        // The tallest band is drawn in the bar colour just above the axis, at its middle.
        let tallest = try #require(statistics.scoreHistogram.max { $0.count < $1.count })
        let barX = Int(layout.x(percent: (tallest.from + tallest.to) / 2))
        let barY = Int(layout.plotBottom) - 3
        #expect(image.pixel(x: barX, y: barY)?.matches("#4C78A8") == true, "bar at \(barX),\(barY)")

        // The mean line is red in a column within two pixels of where the layout puts it.
        let mean = try #require(statistics.mean)
        let meanX = Int(layout.x(percent: mean).rounded())
        let middleY = Int(layout.plotTop + layout.plotHeight / 2)
        let column = (meanX - 2...meanX + 2).flatMap { x in
            (middleY - 8...middleY + 8).compactMap { image.pixel(x: x, y: $0) }
        }
        #expect(column.contains { $0.matches("#D62728", tolerance: 40) }, "mean line near x = \(meanX)")

        // Keep one rendering for people to look at when asked to.
        if name == "larger", let keep = ProcessInfo.processInfo.environment["EXAMPREP_EXAMPLE_PNG"] {
            let target = URL(fileURLWithPath: keep)
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: pngFile, to: target)
        }
    }
}
