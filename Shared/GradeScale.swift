import Foundation

/// A course's grade scale: the grade a score earns, by the lowest percentage of the maximum
/// that earns it ("3" from 50 %). Bands ascend from 0; a score earns the grade of the last band
/// whose threshold it reaches. Thresholds are compared exactly, in decimal: 50 % of the
/// maximum earns the band that starts at 50, and 49.99 % does not.
public struct GradeScale: Codable, Sendable, Hashable {
    public var bands: [GradeBand]
    /// The preset the bands came from, if they did.
    public var preset: GradeScalePreset?

    public init(bands: [GradeBand], preset: GradeScalePreset? = nil) {
        self.bands = bands
        self.preset = preset
    }

    /// The most bands a scale may have.
    public static let maxBands = 30
    /// The longest grade, in characters.
    public static let maxGradeLength = 20
    /// The most a student's thresholds may be lowered (an accommodation), in percentage points.
    public static let maxThresholdOffset = 50

    /// The grade `score` of `maxScore` earns; a student's accommodation lowers every threshold
    /// above 0 by `thresholdOffsetPercent` points (never below 0). Nil when there is nothing to
    /// grade (no maximum) or the scale has no bands. The offset is in percentage points: 10
    /// makes a 3 from 40 % where the band starts at 50.
    public func grade(score: Double, maxScore: Double, thresholdOffsetPercent: Int = 0) -> String? {
        guard maxScore > 0, score.isFinite, maxScore.isFinite else { return nil }
        // Scores are stored with two decimals: read them as the decimals they are, so that
        // 0.1 + 0.2 is never 0.30000000000000004 here.
        let score = Self.decimal(score)
        let maxScore = Self.decimal(maxScore)
        let offset = Decimal(max(0, min(Self.maxThresholdOffset, thresholdOffsetPercent)))
        var earned: String?
        for band in bands {
            let threshold = band.minPercent == 0 ? 0 : max(0, band.minPercent - offset)
            // score / maxScore ≥ threshold / 100, without dividing.
            if score * 100 >= threshold * maxScore { earned = band.grade } else { break }
        }
        return earned
    }

    /// `value` rounded to two decimals, as a decimal.
    static func decimal(_ value: Double) -> Decimal {
        Decimal((value * 100).rounded()) / 100
    }

    /// A scale of bands a person sent, checked: at least one band, the first at 0, thresholds
    /// strictly ascending up to 100 with at most two decimals, each grade 1–20 characters of
    /// text, no grade twice.
    public static func checked(_ bands: [GradeBand]) throws(GradeScaleProblem) -> GradeScale {
        guard !bands.isEmpty else { throw .noBands }
        guard bands.count <= maxBands else { throw .tooManyBands(max: maxBands) }
        guard bands[bands.startIndex].minPercent == 0 else { throw .firstNotZero }
        var seen = Set<String>()
        var previous: Decimal?
        for (index, band) in bands.enumerated() {
            let position = index + 1
            guard band.minPercent >= 0, band.minPercent <= 100, band.minPercent.isFinite else { throw .outOfRange(band: position) }
            guard Self.hasAtMostTwoDecimals(band.minPercent) else { throw .tooPrecise(band: position) }
            if let previous, band.minPercent <= previous { throw .notAscending(band: position) }
            previous = band.minPercent
            let grade = band.grade.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !grade.isEmpty else { throw .gradeEmpty(band: position) }
            guard grade.count <= maxGradeLength else { throw .gradeTooLong(band: position, max: maxGradeLength) }
            guard !grade.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw .gradeControl(band: position)
            }
            guard seen.insert(grade).inserted else { throw .gradeTwice(band: position) }
        }
        return GradeScale(
            bands: bands.map { GradeBand(minPercent: $0.minPercent, grade: $0.grade.trimmingCharacters(in: .whitespacesAndNewlines)) })
    }

    /// An accommodation's lowering of a student's thresholds a person sent, checked: 0 to
    /// `maxThresholdOffset` percentage points.
    public static func checkedOffset(_ percent: Int) throws(GradeScaleProblem) -> Int {
        guard (0...maxThresholdOffset).contains(percent) else { throw .offsetOutOfRange(max: maxThresholdOffset) }
        return percent
    }

    private static func hasAtMostTwoDecimals(_ value: Decimal) -> Bool {
        var scaled = value * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }
}

/// One band of a scale: the grade earned from `minPercent` % of the maximum score.
public struct GradeBand: Codable, Sendable, Hashable {
    public var minPercent: Decimal
    public var grade: String

    public init(minPercent: Decimal, grade: String) {
        self.minPercent = minPercent
        self.grade = grade
    }

    private enum CodingKeys: String, CodingKey {
        case minPercent, grade
    }

    /// `minPercent` as a JSON number whatever the encoder: `Decimal`'s own encoding is an
    /// object of its parts to an encoder that does not know it (the server's). A threshold has
    /// at most two decimals, so the shortest `Double` that reads back as it prints as it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        guard let number = Double(minPercent.description) else {
            throw EncodingError.invalidValue(minPercent, .init(codingPath: container.codingPath, debugDescription: "not a number"))
        }
        try container.encode(number, forKey: .minPercent)
        try container.encode(grade, forKey: .grade)
    }
}
