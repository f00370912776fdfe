import ExamPrepShared

/// The score distribution as a standalone SVG document, for `Accept: image/svg+xml`.
///
/// Standalone means a browser, an `<img>` tag or an app shows it as it is: explicit `width`, `height` and
/// `viewBox`, a white background (not transparent, so it reads on dark pages too), generic font families
/// only, no scripts, no external references, every piece of text XML-escaped.
public enum HistogramSVG {
    static let barColor = "#4C78A8"
    static let meanColor = "#D62728"
    static let inkColor = "#222222"
    static let mutedColor = "#666666"
    static let gridColor = "#E3E3E3"

    /// - Parameters:
    ///   - statistics: uses `scoreHistogram`, `mean` and `attempts`.
    ///   - title: shown at the top (shortened with "…" if it would run into the attempt count) and, in full,
    ///     as the SVG `<title>`; any text is safe, it is escaped.
    ///   - layout: size and margins; 640 × 400 by default.
    public static func render(
        _ statistics: ExamStatistics, title: String, layout: HistogramLayout = HistogramLayout()
    ) -> String {
        let bins = statistics.scoreHistogram
        let maximumCount = bins.map(\.count).max() ?? 0
        let axis = HistogramLayout.countAxis(maximumCount: maximumCount)
        let w = NumberText.coordinate(layout.width)
        let h = NumberText.coordinate(layout.height)
        let summary = description(statistics)

        var svg: [String] = []
        svg.append(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        svg.append(
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(w)" height="\#(h)" viewBox="0 0 \#(w) \#(h)" "#
                + #"role="img" aria-labelledby="chart-title chart-desc" "#
                + #"font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"#)
        svg.append(#"<title id="chart-title">\#(XMLText.escapeLine(title))</title>"#)
        svg.append(#"<desc id="chart-desc">\#(XMLText.escapeLine(summary))</desc>"#)
        svg.append("<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#FFFFFF\"/>")
        svg.append(contentsOf: heading(statistics, title: title, layout: layout))
        svg.append(contentsOf: countAxis(axis, layout: layout))
        svg.append(contentsOf: bars(bins, axisMaximum: Double(axis.maximum), layout: layout))
        svg.append(contentsOf: scoreAxis(bins, layout: layout))
        if let mean = statistics.mean {
            svg.append(meanLine(mean, layout: layout))
        }
        // Counts last, so the mean line never runs through a number.
        svg.append(contentsOf: barLabels(bins, axisMaximum: Double(axis.maximum), layout: layout))
        if statistics.attempts == 0 {
            svg.append(
                text(
                    "No attempts yet", x: layout.plotLeft + layout.plotWidth / 2,
                    y: layout.plotTop + layout.plotHeight / 2, size: 14, anchor: "middle", fill: mutedColor))
        }
        if let mean = statistics.mean {
            svg.append(meanLabel(mean, layout: layout))
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// The text a screen reader gets instead of the picture.
    static func description(_ statistics: ExamStatistics) -> String {
        var parts = ["Histogram of \(statistics.attempts) attempt\(statistics.attempts == 1 ? "" : "s") by score"]
        if let mean = statistics.mean { parts.append("mean \(NumberText.fixed(mean, decimals: 1)) %") }
        if let median = statistics.median { parts.append("median \(NumberText.fixed(median, decimals: 1)) %") }
        let bands = statistics.scoreHistogram.map {
            "\(NumberText.coordinate($0.from))–\(NumberText.coordinate($0.to)) %: \($0.count)"
        }
        return parts.joined(separator: ", ") + (bands.isEmpty ? "" : ". " + bands.joined(separator: "; "))
    }

    static func heading(_ statistics: ExamStatistics, title: String, layout: HistogramLayout) -> [String] {
        let count = "\(statistics.attempts) attempt\(statistics.attempts == 1 ? "" : "s")"
        // Rough glyph widths (bold 18 px ≈ 11 px, 13 px ≈ 7.5 px) keep the title clear of the count.
        let room = layout.plotWidth - Double(count.count) * 7.5 - 16
        let limit = max(8, Int(room / 11))
        return [
            text(shortened(title, limit: limit), x: layout.plotLeft, y: 30, size: 18, anchor: "start", fill: inkColor, weight: "bold"),
            text(count, x: layout.plotRight, y: 30, size: 13, anchor: "end", fill: mutedColor),
        ]
    }

    /// Long titles are cut so they cannot run into the attempt count; the full title stays in `<title>`.
    static func shortened(_ title: String, limit: Int) -> String {
        title.count > limit ? String(title.prefix(limit - 1)) + "…" : title
    }

    /// Horizontal grid lines, the vertical axis with its tick labels, and its title.
    static func countAxis(_ axis: (step: Int, maximum: Int), layout: HistogramLayout) -> [String] {
        var parts: [String] = []
        let step = max(1, axis.step)
        for value in stride(from: 0, through: axis.maximum, by: step) {
            let y = layout.y(count: Double(value), axisMaximum: Double(axis.maximum))
            if value > 0 {
                parts.append(line(x1: layout.plotLeft, y1: y, x2: layout.plotRight, y2: y, stroke: gridColor, width: 1))
            }
            parts.append(line(x1: layout.plotLeft - 5, y1: y, x2: layout.plotLeft, y2: y, stroke: inkColor, width: 1))
            parts.append(text("\(value)", x: layout.plotLeft - 9, y: y + 4, size: 12, anchor: "end", fill: inkColor))
        }
        parts.append(
            line(
                x1: layout.plotLeft, y1: layout.plotTop, x2: layout.plotLeft, y2: layout.plotBottom,
                stroke: inkColor, width: 1))
        let middle = NumberText.coordinate(layout.plotTop + layout.plotHeight / 2)
        parts.append(
            #"<text x="0" y="0" transform="translate(22 \#(middle)) rotate(-90)" font-size="13" "#
                + #"text-anchor="middle" fill="\#(inkColor)">Attempts</text>"#)
        return parts
    }

    static func bars(_ bins: [HistogramBin], axisMaximum: Double, layout: HistogramLayout) -> [String] {
        bins.filter { $0.count > 0 }.map { bin in
            let left = layout.x(percent: bin.from)
            let right = layout.x(percent: bin.to)
            let gap = min(4, (right - left) / 4)
            let top = layout.y(count: Double(bin.count), axisMaximum: axisMaximum)
            let x = NumberText.coordinate(left + gap / 2)
            let width = NumberText.coordinate(max(1, right - left - gap))
            let y = NumberText.coordinate(top)
            let height = NumberText.coordinate(max(0, layout.plotBottom - top))
            return #"<rect x="\#(x)" y="\#(y)" width="\#(width)" height="\#(height)" fill="\#(barColor)"/>"#
        }
    }

    /// The count above each non-empty bar, on a small white patch that interrupts the mean line
    /// where the two meet (12 px digits are about 7 px wide).
    static func barLabels(_ bins: [HistogramBin], axisMaximum: Double, layout: HistogramLayout) -> [String] {
        bins.filter { $0.count > 0 }.flatMap { bin in
            let middle = (layout.x(percent: bin.from) + layout.x(percent: bin.to)) / 2
            let top = layout.y(count: Double(bin.count), axisMaximum: axisMaximum)
            let label = "\(bin.count)"
            let patchWidth = Double(label.count) * 7.5 + 6
            let patch =
                "<rect x=\"\(NumberText.coordinate(middle - patchWidth / 2))\" "
                + "y=\"\(NumberText.coordinate(top - 17))\" width=\"\(NumberText.coordinate(patchWidth))\" "
                + "height=\"14\" fill=\"#FFFFFF\"/>"
            return [patch, text(label, x: middle, y: top - 5, size: 12, anchor: "middle", fill: inkColor)]
        }
    }

    /// The horizontal axis, drawn after the bars so it stays visible, with ticks at every bin edge.
    static func scoreAxis(_ bins: [HistogramBin], layout: HistogramLayout) -> [String] {
        var parts: [String] = []
        parts.append(
            line(
                x1: layout.plotLeft, y1: layout.plotBottom, x2: layout.plotRight, y2: layout.plotBottom,
                stroke: inkColor, width: 1))
        var edges = bins.map(\.from)
        if let last = bins.last { edges.append(last.to) }
        if edges.isEmpty { edges = [0, 100] }
        for edge in edges {
            let x = layout.x(percent: edge)
            parts.append(line(x1: x, y1: layout.plotBottom, x2: x, y2: layout.plotBottom + 5, stroke: inkColor, width: 1))
            parts.append(
                text(
                    NumberText.coordinate(edge), x: x, y: layout.plotBottom + 20, size: 12, anchor: "middle",
                    fill: inkColor))
        }
        parts.append(
            text(
                "Score (%)", x: layout.plotLeft + layout.plotWidth / 2, y: layout.plotBottom + 46, size: 13,
                anchor: "middle", fill: inkColor))
        return parts
    }

    /// A dashed vertical line at the mean, reaching just above the plot where its label sits.
    static func meanLine(_ mean: Double, layout: HistogramLayout) -> String {
        let x = NumberText.coordinate(layout.x(percent: mean))
        return #"<line x1="\#(x)" y1="\#(NumberText.coordinate(layout.plotTop - 8))" "#
            + #"x2="\#(x)" y2="\#(NumberText.coordinate(layout.plotBottom))" "#
            + #"stroke="\#(meanColor)" stroke-width="2" stroke-dasharray="6 4"/>"#
    }

    /// "Mean 62.5 %" above the plot, turned to the left near the right edge so it is never cut off.
    static func meanLabel(_ mean: Double, layout: HistogramLayout) -> String {
        let x = layout.x(percent: mean)
        let leftward = x > layout.plotLeft + layout.plotWidth * 0.75
        return text(
            "Mean \(NumberText.fixed(mean, decimals: 1)) %", x: leftward ? x - 6 : x + 6, y: layout.plotTop - 10,
            size: 13, anchor: leftward ? "end" : "start", fill: meanColor, weight: "bold", halo: true)
    }

    static func line(x1: Double, y1: Double, x2: Double, y2: Double, stroke: String, width: Double) -> String {
        #"<line x1="\#(NumberText.coordinate(x1))" y1="\#(NumberText.coordinate(y1))" "#
            + #"x2="\#(NumberText.coordinate(x2))" y2="\#(NumberText.coordinate(y2))" "#
            + #"stroke="\#(stroke)" stroke-width="\#(NumberText.coordinate(width))"/>"#
    }

    /// A single-line text element. `halo` outlines the glyphs in white (painted under the fill) so the
    /// text stays readable where it crosses a line or a bar.
    static func text(
        _ content: String, x: Double, y: Double, size: Double, anchor: String, fill: String, weight: String? = nil,
        halo: Bool = false
    ) -> String {
        let bold = weight.map { #" font-weight="\#($0)""# } ?? ""
        let outline = halo ? ##" stroke="#FFFFFF" stroke-width="3" stroke-linejoin="round" paint-order="stroke""## : ""
        return #"<text x="\#(NumberText.coordinate(x))" y="\#(NumberText.coordinate(y))" "#
            + #"font-size="\#(NumberText.coordinate(size))" text-anchor="\#(anchor)" fill="\#(fill)"\#(bold)\#(outline)>"#
            + XMLText.escapeLine(content) + "</text>"
    }
}
