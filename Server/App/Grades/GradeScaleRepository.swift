import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A course's grade scale as its teacher reads, sets and clears it (`course_grade_scales`,
/// migration 040). Each change is written to the course's log of scale changes in the same
/// transaction (`course_grade_scale_changes`). Another's course reads as absent.
struct GradeScaleRepository: Sendable {
    let pool: PostgresPool

    /// The course's scale (no bands: percentages only); nil when the course is not the
    /// faculty member's.
    func scale(courseID: Int, facultyID: Int, logger: Logger) async throws -> GradeScale? {
        let rows = try await pool.query(
            """
            SELECT c.id, s.bands::text AS bands, s.preset
            FROM courses c LEFT JOIN course_grade_scales s ON s.course_id = c.id
            WHERE c.id = \(courseID) AND \(ownedBy: facultyID)
            """, logger: logger)
        guard let row = rows.first else { return nil }
        return try row.decode("bands", as: String?.self) == nil ? GradeScale(bands: []) : try GradeScaleColumns.scale(row)
    }

    /// Sets the course's scale and logs the change; false when the course is not the faculty
    /// member's (nothing changed).
    func set(_ scale: GradeScale, courseID: Int, facultyID: Int, now: Date, logger: Logger) async throws -> Bool {
        let bands = try GradeScaleColumns.bandsJSON(scale)
        let preset = scale.preset?.rawValue
        return try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .update, in: transaction) != nil
            else { return false }
            try await Self.write(bands: bands, preset: preset, courseID: courseID, facultyID: facultyID, now: now, in: transaction)
            return true
        }
    }

    /// Writes the course's scale and logs the change in the caller's transaction (the course
    /// is the caller's to check: `set`, or a course import's new course).
    static func write(_ scale: GradeScale, courseID: Int, facultyID: Int, now: Date, in transaction: Transaction) async throws {
        try await write(
            bands: try GradeScaleColumns.bandsJSON(scale), preset: scale.preset?.rawValue, courseID: courseID, facultyID: facultyID,
            now: now,
            in: transaction)
    }

    private static func write(bands: String, preset: String?, courseID: Int, facultyID: Int, now: Date, in transaction: Transaction)
        async throws
    {
        try await transaction.execute(
            """
            INSERT INTO course_grade_scales (course_id, preset, bands, updated_at, updated_by)
            VALUES (\(courseID), \(preset), \(bands)::jsonb, \(now), \(facultyID))
            ON CONFLICT (course_id) DO UPDATE SET
                preset = excluded.preset, bands = excluded.bands, updated_at = excluded.updated_at, updated_by = excluded.updated_by
            """)
        try await log(courseID: courseID, facultyID: facultyID, now: now, preset: preset, bands: bands, in: transaction)
    }

    /// Takes the course back to percentages only and logs it; false when the course is not
    /// the faculty member's.
    func clear(courseID: Int, facultyID: Int, now: Date, logger: Logger) async throws -> Bool {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .course(courseID), facultyID: facultyID, lock: .update, in: transaction) != nil
            else { return false }
            if try await transaction.execute("DELETE FROM course_grade_scales WHERE course_id = \(courseID)") > 0 {
                try await Self.log(courseID: courseID, facultyID: facultyID, now: now, preset: nil, bands: nil, in: transaction)
            }
            return true
        }
    }

    /// One entry of the course's log of scale changes (`bands` nil: cleared).
    private static func log(courseID: Int, facultyID: Int, now: Date, preset: String?, bands: String?, in transaction: Transaction)
        async throws
    {
        try await transaction.execute(
            """
            INSERT INTO course_grade_scale_changes (course_id, changed_by, changed_at, preset, bands)
            VALUES (\(courseID), \(facultyID), \(now), \(preset), \(bands)::jsonb)
            """)
    }
}
