import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/students/…` practice and review: a practice session of a course's practice
/// questions, each answer checked at once (never counted toward grades), the questions due
/// for spaced review today, and the student's mistakes. A course the student is not enrolled
/// in, or another's session, is 404.
struct StudentPracticeController {
    let actions: StudentPracticeActions
    let cursors: CursorCodec

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.post(RouterPath(APIPaths.coursePractice.pattern), use: start)
        students.post(RouterPath(APIPaths.practiceAnswers.pattern), use: answer)
        students.get(RouterPath(APIPaths.reviewDue), use: due)
        students.get(RouterPath(APIPaths.mistakes), use: mistakes)
    }

    @Sendable func start(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<PracticeSession> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let body = try await request.decodeIfPresent(as: PracticeRequest.self, context: context) ?? PracticeRequest()
        let session = try await StudentPracticeActions.Refusal.answering {
            try await actions.start(courseID: courseID, body, studentID: context.user.id, logger: context.logger)
        }
        return EditedResponse(status: .created, response: session)
    }

    @Sendable func answer(_ request: Request, context: AuthenticatedContext) async throws -> PracticeFeedback {
        let practiceID = try context.parameters.require("practiceId", as: Int.self)
        let body = try await request.decode(as: PracticeAnswer.self, context: context)
        return try await StudentPracticeActions.Refusal.answering {
            try await actions.answer(body, practiceID: practiceID, studentID: context.user.id, logger: context.logger)
        }
    }

    @Sendable func due(_ request: Request, context: AuthenticatedContext) async throws -> Page<DueReview> {
        let courseID = try Validators.optionalID(request.uri.queryParameters.get(APIPaths.courseIdQueryItem), field: "courseId")
        let page = try TimePageRequest(request, cursors: cursors)
        let rows = try await StudentPracticeActions.Refusal.answering {
            try await actions.due(studentID: context.user.id, courseID: courseID, page: page, logger: context.logger)
        }
        return page.page(rows, cursors: cursors)
    }

    @Sendable func mistakes(_ request: Request, context: AuthenticatedContext) async throws -> Page<Mistake> {
        let courseID = try Validators.optionalID(request.uri.queryParameters.get(APIPaths.courseIdQueryItem), field: "courseId")
        let page = try TimePageRequest(request, cursors: cursors)
        let rows = try await StudentPracticeActions.Refusal.answering {
            try await actions.mistakes(studentID: context.user.id, courseID: courseID, page: page, logger: context.logger)
        }
        return page.page(rows, cursors: cursors)
    }
}
