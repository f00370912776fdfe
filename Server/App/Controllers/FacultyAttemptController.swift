import ExamPrepExams
import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/faculty/attempts/{attemptId}…`: an attempt at one of the faculty member's exams:
/// extend it while it runs, read its log. Another's attempt is 404.
struct FacultyAttemptController {
    let actions: FacultyAttemptActions
    let cursors: CursorCodec
    var attempts: FacultyAttemptRepository { actions.attempts }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.extendAttempt.pattern), use: extend)
        faculty.get(RouterPath(APIPaths.attemptEvents.pattern), use: events)
    }

    @Sendable func extend(_ request: Request, context: AuthenticatedContext) async throws -> FacultyAttemptSummary {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let body = try await request.decode(as: ExtendAttemptRequest.self, context: context)
        return try await actions.extend(attemptID: attemptID, minutes: body.minutes, facultyID: context.user.id, logger: context.logger)
    }

    @Sendable func events(_ request: Request, context: AuthenticatedContext) async throws -> Page<AttemptEvent> {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let page = try PageRequest(request, cursors: cursors)
        guard let rows = try await attempts.events(ofAttempt: attemptID, facultyID: context.user.id, page: page, logger: context.logger)
        else { throw Self.noSuchAttempt(attemptID) }
        let (items, nextAfter) = page.page(rows, key: \.id)
        return Page(items: items.map(\.event), nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    private static func noSuchAttempt(_ attemptID: Int) -> ActionRefusal { FacultyAttemptActions.noSuchAttempt(attemptID) }
}
