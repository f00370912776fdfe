import Foundation

/// `PUT /api/faculty/courses/{courseId}/grade-scale`: a course's scale, either band by band
/// (`bands`) or by a preset's name (`preset`), never both. The answer (and `GET`) is the
/// course's `GradeScale`, with no bands while the course shows percentages only.
public struct GradeScaleRequest: Codable, Sendable, Hashable {
    public var bands: [GradeBand]?
    public var preset: GradeScalePreset?

    public init(bands: [GradeBand]? = nil, preset: GradeScalePreset? = nil) {
        self.bands = bands
        self.preset = preset
    }

    /// The scale asked for, checked (`GradeScale.checked`); nil when the request names both
    /// bands and a preset, or neither.
    public func scale() throws(GradeScaleProblem) -> GradeScale? {
        switch (bands, preset) {
        case (let bands?, nil): try GradeScale.checked(bands)
        case (nil, let preset?): preset.scale
        default: nil
        }
    }
}
