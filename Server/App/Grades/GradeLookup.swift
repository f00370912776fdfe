import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// The one place a score becomes a grade: the scales of some courses and the students'
/// threshold offsets in them (their accommodations), read together at read time. No grade is
/// stored, so a changed scale changes only the grades shown. A course without a scale shows
/// percentages only (no grade); a pending score (an essay not graded yet) has no grade yet.
struct GradeLookup: Sendable {
    /// One student in one course.
    struct StudentInCourse: Hashable, Sendable {
        var courseID: Int
        var studentID: Int
    }

    /// By course id.
    var scales: [Int: GradeScale]
    /// Percentage points off every threshold above 0, where an accommodation lowers them.
    var offsets: [StudentInCourse: Int]

    /// The grade `score` of `maxScore` earns the student (nil: a deleted account, graded on
    /// the course's thresholds) in the course.
    func grade(courseID: Int, studentID: Int?, score: Double, maxScore: Double, pending: Bool = false) -> String? {
        guard !pending, let scale = scales[courseID] else { return nil }
        let offset = studentID.flatMap { offsets[StudentInCourse(courseID: courseID, studentID: $0)] } ?? 0
        return scale.grade(score: score, maxScore: maxScore, thresholdOffsetPercent: offset)
    }

    /// Runs one statement: a pool's `query` or a transaction's.
    typealias Query = (PostgresQuery) async throws -> PostgresRows

    /// The course's scale and every offset in it.
    static func course(_ courseID: Int, query: Query) async throws -> GradeLookup {
        let scales = try await query(
            "SELECT s.course_id, s.bands::text AS bands, s.preset FROM course_grade_scales s WHERE s.course_id = \(courseID)")
        let offsets = try await query(
            """
            SELECT ac.course_id, ac.student_id, ac.grade_threshold_offset_percent::int AS offset_percent
            FROM accommodations ac WHERE ac.course_id = \(courseID) AND ac.grade_threshold_offset_percent > 0
            """)
        return try GradeLookup(scales: scales, offsets: offsets)
    }

    /// The scales of the courses whose exams the student took, and the student's offsets in them.
    static func student(_ studentID: Int, query: Query) async throws -> GradeLookup {
        let scales = try await query(
            """
            SELECT s.course_id, s.bands::text AS bands, s.preset FROM course_grade_scales s
            WHERE s.course_id IN (SELECT e.course_id FROM exams e JOIN attempts a ON a.exam_id = e.id WHERE a.student_id = \(studentID))
            """)
        let offsets = try await query(
            """
            SELECT ac.course_id, ac.student_id, ac.grade_threshold_offset_percent::int AS offset_percent
            FROM accommodations ac WHERE ac.student_id = \(studentID) AND ac.grade_threshold_offset_percent > 0
            """)
        return try GradeLookup(scales: scales, offsets: offsets)
    }

    /// The result of one attempt with its grade on its course's scale, for its student.
    static func graded(_ result: AttemptResult, query: Query) async throws -> AttemptResult {
        guard let score = result.score, let maxScore = result.maxScore else { return result }
        let rows = try await query(
            """
            SELECT e.course_id, a.student_id, s.bands::text AS bands, s.preset,
                   coalesce(ac.grade_threshold_offset_percent, 0)::int AS offset_percent
            FROM attempts a JOIN exams e ON e.id = a.exam_id JOIN course_grade_scales s ON s.course_id = e.course_id
            LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = a.student_id
            WHERE a.id = \(result.attemptId)
            """)
        guard let row = rows.first else { return result }
        let courseID: Int = try row.decode("course_id")
        let lookup = GradeLookup(
            scales: [courseID: try GradeScaleColumns.scale(row)],
            offsets: try row.decode("student_id", as: Int?.self).map {
                [StudentInCourse(courseID: courseID, studentID: $0): try row.decode("offset_percent")]
            } ?? [:])
        var graded = result
        graded.grade = lookup.grade(
            courseID: courseID, studentID: try row.decode("student_id"), score: score, maxScore: maxScore,
            pending: result.needsGrading == true)
        return graded
    }

    private init(scales: PostgresRows, offsets: PostgresRows) throws {
        var byCourse: [Int: GradeScale] = [:]
        for row in scales {
            byCourse[try row.decode("course_id")] = try GradeScaleColumns.scale(row)
        }
        var lowered: [StudentInCourse: Int] = [:]
        for row in offsets {
            lowered[StudentInCourse(courseID: try row.decode("course_id"), studentID: try row.decode("student_id"))] = try row.decode(
                "offset_percent")
        }
        self.init(scales: byCourse, offsets: lowered)
    }

    init(scales: [Int: GradeScale], offsets: [StudentInCourse: Int]) {
        self.scales = scales
        self.offsets = offsets
    }
}
