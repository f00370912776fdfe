import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /teach/courses/{courseId}/grade-scale`: the course page's grade scale form, run through
/// the API's `GradeScaleActions`: percentages only, a preset, or the teacher's own bands. A
/// refusal shows the course page again with the form as sent and why; another's course is 404.
struct TeachGradeScalePageController {
    let actions: GradeScaleActions
    let coursePages: TeachCoursePageController

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.post("/teach/courses/:courseId/grade-scale", use: set)
    }

    @Sendable func set(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        let (chosen, text) = (context.form["scale"] ?? "", context.form["bands"] ?? "")
        do {
            let outcome: GradeScaleActions.Outcome =
                switch chosen {
                case TeachGradeScaleForm.percentOnly:
                    try await actions.clear(courseID: courseID, facultyID: context.user.id, logger: context.logger)
                case TeachGradeScaleForm.ownBands:
                    try await actions.set(
                        GradeScaleRequest(bands: try TeachGradeScaleForm.bands(from: text)), courseID: courseID,
                        facultyID: context.user.id, logger: context.logger)
                default:
                    try await actions.set(
                        GradeScaleRequest(preset: GradeScalePreset(rawValue: chosen)), courseID: courseID, facultyID: context.user.id,
                        logger: context.logger)
                }
            guard case .scale = outcome else { throw PageFailure.notFound("api-faculty.no-course", ["course": .integer(courseID)]) }
            return PageRenderer.redirect(to: "/teach/courses/\(courseID)?done=grade-scale")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            var page = TeachCoursePage(
                course: try await coursePages.actions.course(courseID, facultyID: context.user.id, logger: context.logger))
            page.gradeScale = TeachGradeScaleForm(chosen: chosen, bands: text, error: refusal.message, catalogue: context.catalogue)
            return try await coursePages.render(page, request: request, context: context, status: refusal.status)
        }
    }
}
