import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// Grading essays by hand in the browser: `GET /teach/exams/{examId}/grading` (the queue,
/// ungraded first; `?pending=true` only those) and `POST /teach/attempts/{attemptId}/grades/{questionId}`
/// (points and a comment, as the API's grade; back to the queue). Works without JavaScript;
/// another's exam or attempt is 404.
struct TeachGradingPageController {
    let exams: FacultyExamActions
    let actions: EssayGradingActions
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/exams/:examId/grading", use: queue)
        teachers.post("/teach/attempts/:attemptId/grades/:questionId", use: grade)
    }

    @Sendable func queue(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        // The notice of `?done=` is the frame's (`PageNotice`).
        return try await render(examID: examID, pendingOnly: request.uri.queryParameters.get("pending") == "true", context: context)
    }

    @Sendable func grade(_ request: Request, context: PageContext) async throws -> Response {
        let attemptID = try TeachCoursePageController.id("attemptId", context)
        let questionID = try TeachCoursePageController.id("questionId", context)
        guard let examID = context.form["exam"].flatMap({ Int($0) }) else {
            throw PageFailure.notFound("results.grading.no-such-exam")
        }
        do {
            let raw = context.form["points"]
            guard let points = try TeachCoursePageController.number(raw, Message("bank.points"), TeachCoursePageController.decimal) else {
                throw InvalidInput("results.grading.points-required")
            }
            let request = EssayGradeRequest(points: points, comment: context.form["comment"])
            _ = try await actions.grade(
                attemptID: attemptID, questionID: questionID, request, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/exams/\(examID)/grading?done=graded")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await render(
                examID: examID, pendingOnly: false, context: context, error: refusal.message, status: refusal.status)
        }
    }

    private func render(
        examID: Int, pendingOnly: Bool, context: PageContext, notice: String? = nil, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let essays = try await actions.queue(examID: examID, pendingOnly: pendingOnly, facultyID: context.user.id, logger: context.logger)
        let exam = try await exams.exams.exam(id: examID, facultyID: context.user.id, logger: context.logger)
        let catalogue = context.catalogue
        let title = exam?.title ?? catalogue.string(Message("results.grading.exam", ["id": .integer(examID)]))
        let pendingCount = essays.filter { $0.essay.points == nil }.count
        let page = TeachGradingPage(
            examID: examID, title: title, heading: catalogue.string(Message("results.grading.heading", ["title": .text(title)])),
            items: essays.map { TeachGradingPage.item($0, exam: exam, catalogue: catalogue) }, hasItems: !essays.isEmpty,
            pendingCount: pendingCount,
            pending: catalogue.string(Message("results.grading.pending", ["count": .integer(pendingCount)])),
            pendingOnly: pendingOnly, notice: notice, error: error)
        return renderer.render(
            "teach-grading", title: catalogue.string(Message("results.grading.title", ["title": .text(title)])), frame: context.frame,
            page: page, status: status)
    }
}
