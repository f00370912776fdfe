import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// `GET /grades`: the student's grades, as far as each exam's review options show them now,
/// each submission time in its course's time zone.
struct GradesPageController {
    let studentExams: StudentExamRepository
    let expired: ExpiredAttemptRepository
    let renderer: PageRenderer
    let clock: ServerClock

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.get("/grades", use: grades)
    }

    struct GradesPage: Sendable {
        struct Row: Sendable {
            var title: String
            var attemptID: Int
            var score: String
            var submitted: String
            /// The score's grade on the course's scale (empty without one).
            var grade: String
        }
        var rows: [Row]
        var hasRows: Bool
        /// Whether any course of the rows has a grade scale (a grade column is shown).
        var showsGrades: Bool
    }

    @Sendable func grades(_ request: Request, context: PageContext) async throws -> Response {
        let now = clock.now()
        try await expired.submit(studentID: context.user.id, now: now, logger: context.logger)
        let grades = try await studentExams.grades(
            ofStudent: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), now: now, logger: context.logger)
        let zones = try await studentExams.timeZones(ofCourses: grades.map(\.courseId), logger: context.logger)
        let catalogue = context.catalogue
        let rows = grades.map { grade in
            GradesPage.Row(
                title: grade.examTitle, attemptID: grade.attemptId,
                score: catalogue.string(Message("student.score-of", ["score": .decimal(grade.score), "max": .decimal(grade.maxScore)]))
                    + (grade.needsGrading == true ? " " + AttemptReview.pendingNote(catalogue) : ""),
                submitted: PageTime.text(grade.submittedAt, timeZone: zones[grade.courseId] ?? "UTC", language: context.language),
                grade: GradeText.text(grade.grade, pending: grade.needsGrading, catalogue))
        }
        return renderer.render(
            "grades", title: catalogue.string(Message("layout.my-grades")), frame: context.frame,
            page: GradesPage(rows: rows, hasRows: !rows.isEmpty, showsGrades: grades.contains { $0.grade != nil }))
    }
}
