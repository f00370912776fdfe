import ExamPrepShared
import Foundation
import Hummingbird

/// Essays graded by hand: `GET /api/faculty/exams/{examId}/grading` (the queue, ungraded
/// first; `?pending=true` only those) and `PUT /api/faculty/attempts/{attemptId}/grades/{questionId}`.
/// Another's exam or attempt is 404.
struct EssayGradingController {
    let actions: EssayGradingActions

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.examGrading.pattern), use: queue)
        faculty.put(RouterPath(APIPaths.attemptGrade.pattern), use: grade)
    }

    @Sendable func queue(_ request: Request, context: AuthenticatedContext) async throws -> [EssayToGrade] {
        let examID = try context.parameters.require("examId", as: Int.self)
        let pending = try FacultyQuestionController.flag(
            request.uri.queryParameters.get(APIPaths.pendingQueryItem), field: APIPaths.pendingQueryItem)
        return try await actions.queue(examID: examID, pendingOnly: pending, facultyID: context.user.id, logger: context.logger).map(
            \.essay)
    }

    @Sendable func grade(_ request: Request, context: AuthenticatedContext) async throws -> EssayGradeResponse {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let questionID = try context.parameters.require("questionId", as: Int.self)
        let body = try await request.decode(as: EssayGradeRequest.self, context: context)
        return try await actions.grade(
            attemptID: attemptID, questionID: questionID, body, facultyID: context.user.id, logger: context.logger)
    }
}
