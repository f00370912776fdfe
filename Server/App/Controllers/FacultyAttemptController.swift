import ExamPrepExams
import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/faculty/attempts/{attemptId}…`: an attempt at one of the faculty member's exams:
/// extend it while it runs, read its log. Another's attempt is 404.
struct FacultyAttemptController {
    let attempts: FacultyAttemptRepository
    let cursors: CursorCodec
    let clock: ServerClock
    let limiter: RateLimiter

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.extendAttempt.pattern), use: extend)
        faculty.get(RouterPath(APIPaths.attemptEvents.pattern), use: events)
    }

    @Sendable func extend(_ request: Request, context: AuthenticatedContext) async throws -> FacultyAttemptSummary {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let minutes = try ExamDayValidation.validate(try await request.decode(as: ExtendAttemptRequest.self, context: context))
        try await limiter.admit(.examDayChangesPerFaculty, context: context)
        switch try await attempts.extend(
            attemptID: attemptID, facultyID: context.user.id, minutes: minutes, now: clock.now(), logger: context.logger)
        {
        case .extended(let attempt): return attempt
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .refused(.submitted): throw HTTPFailure.conflict("Attempt \(attemptID) is submitted; it can no longer be extended.")
        case .refused(.noDeadline):
            throw HTTPFailure.conflict("Attempt \(attemptID) has no deadline to extend (no time limit, no closing).")
        case .refused(.tooLong(let maxMinutes)):
            throw HTTPFailure.conflict("Attempt \(attemptID) may be extended by at most \(maxMinutes) minutes in all.")
        }
    }

    @Sendable func events(_ request: Request, context: AuthenticatedContext) async throws -> Page<AttemptEvent> {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let page = try PageRequest(request, cursors: cursors)
        guard let rows = try await attempts.events(ofAttempt: attemptID, facultyID: context.user.id, page: page, logger: context.logger)
        else { throw Self.noSuchAttempt(attemptID) }
        let (items, nextAfter) = page.page(rows, key: \.id)
        return Page(items: items.map(\.event), nextCursor: nextAfter.map(cursors.encode(after:)))
    }

    private static func noSuchAttempt(_ attemptID: Int) -> HTTPFailure {
        HTTPFailure.notFound("You have no attempt \(attemptID) at your exams.")
    }
}
