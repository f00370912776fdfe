import ExamPrepShared
import Hummingbird

extension GradeScale: ResponseEncodable {}

/// `/api/faculty/courses/{courseId}/grade-scale`: a course's grade scale, read (`GET`), set by
/// bands or a preset (`PUT`) and taken back to percentages only (`DELETE`); each answers the
/// course's scale as it now is. Another's course is 404, and nothing changes.
struct GradeScaleController {
    let actions: GradeScaleActions

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.courseGradeScale.pattern), use: scale)
        faculty.put(RouterPath(APIPaths.courseGradeScale.pattern), use: set)
        faculty.delete(RouterPath(APIPaths.courseGradeScale.pattern), use: clear)
    }

    @Sendable func scale(_ request: Request, context: AuthenticatedContext) async throws -> GradeScale {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        return try Self.answer(await actions.scale(courseID: courseID, facultyID: context.user.id, logger: context.logger), courseID)
    }

    @Sendable func set(_ request: Request, context: AuthenticatedContext) async throws -> GradeScale {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let body = try await request.decode(as: GradeScaleRequest.self, context: context)
        return try Self.answer(
            await actions.set(body, courseID: courseID, facultyID: context.user.id, logger: context.logger), courseID)
    }

    @Sendable func clear(_ request: Request, context: AuthenticatedContext) async throws -> GradeScale {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        return try Self.answer(await actions.clear(courseID: courseID, facultyID: context.user.id, logger: context.logger), courseID)
    }

    private static func answer(_ outcome: GradeScaleActions.Outcome, _ courseID: Int) throws -> GradeScale {
        switch outcome {
        case .scale(let scale): return scale
        case .noSuchCourse: throw FacultyCourseActions.noSuchCourse(courseID)
        }
    }
}
