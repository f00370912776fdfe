/// Geometry of the SVG histogram, public so the server can pick another size and tests can find where
/// the mean line and the bars must be drawn in the rendered picture.
public struct HistogramLayout: Sendable, Codable, Equatable {
    public var width: Double
    public var height: Double
    public var marginLeft: Double
    public var marginRight: Double
    public var marginTop: Double
    public var marginBottom: Double

    /// 640 × 400 with room for the title, the mean label, tick labels and axis titles.
    public init(
        width: Double = 640,
        height: Double = 400,
        marginLeft: Double = 72,
        marginRight: Double = 28,
        marginTop: Double = 68,
        marginBottom: Double = 64
    ) {
        self.width = width
        self.height = height
        self.marginLeft = marginLeft
        self.marginRight = marginRight
        self.marginTop = marginTop
        self.marginBottom = marginBottom
    }

    public var plotLeft: Double { marginLeft }
    public var plotRight: Double { max(plotLeft + 1, width - marginRight) }
    public var plotTop: Double { marginTop }
    public var plotBottom: Double { max(plotTop + 1, height - marginBottom) }
    public var plotWidth: Double { plotRight - plotLeft }
    public var plotHeight: Double { plotBottom - plotTop }

    /// Horizontal position of a percent score, clamped to the 0–100 axis.
    public func x(percent: Double) -> Double {
        plotLeft + min(100, max(0, percent)) / 100 * plotWidth
    }

    /// Vertical position of a count on an axis that runs from 0 to `axisMaximum`.
    public func y(count: Double, axisMaximum: Double) -> Double {
        guard axisMaximum > 0 else { return plotBottom }
        return plotBottom - min(1, max(0, count / axisMaximum)) * plotHeight
    }

    /// Step between count ticks: 1, 2 or 5 × 10ⁿ, the smallest giving at most eight steps.
    /// The axis goes a little above the tallest bar so its count label stays inside the plot.
    public static func countAxis(maximumCount: Int) -> (step: Int, maximum: Int) {
        let target = max(1, Int((Double(max(0, maximumCount)) * 1.12).rounded(.up)))
        var magnitude = 1
        while true {
            for multiplier in [1, 2, 5] {
                let step = multiplier * magnitude
                let steps = (target + step - 1) / step
                if steps <= 8 {
                    return (step, max(1, steps) * step)
                }
            }
            guard magnitude <= Int.max / 100 else { return (magnitude, target) }
            magnitude *= 10
        }
    }
}
