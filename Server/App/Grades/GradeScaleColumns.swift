import ExamPrepPostgres
import ExamPrepShared

/// How a course's scale is kept in `course_grade_scales` (migration 040): its bands as a JSON
/// array of `GradeBand`s (`bands`, selected as text) and its preset's name (`preset`).
enum GradeScaleColumns {
    /// The bands as the JSON text the column holds.
    static func bandsJSON(_ scale: GradeScale) throws -> String {
        try JSONColumn.encode(scale.bands)
    }

    /// The scale of a row that selected `bands` (as text) and `preset`. A preset's name the
    /// server no longer knows leaves the bands without it.
    static func scale(_ row: PostgresRow) throws -> GradeScale {
        let bands = try JSONColumn.decode([GradeBand].self, from: try row.decode("bands", as: String.self))
        let preset = try row.decode("preset", as: String?.self).flatMap(GradeScalePreset.init(rawValue:))
        return GradeScale(bands: bands, preset: preset)
    }
}
