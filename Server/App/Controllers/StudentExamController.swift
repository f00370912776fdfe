import ExamPrepExams
import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/students/exams…`: the published exams of a student's courses, and starting (or
/// resuming) an attempt at one. An exam out of reach (another course, a draft, a course
/// left) is 404.
struct StudentExamController {
    let attempts: AttemptRepository
    let expired: ExpiredAttemptRepository
    let studentExams: StudentExamRepository
    let cursors: CursorCodec
    let clock: ServerClock
    /// `PUBLIC_URL`'s origin, for Safe Exam Browser's check (`SafeExamBrowserGate`).
    var publicOrigin: String? = nil

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
            .add(
                middleware: SafeExamBrowserGate<AuthenticatedContext>(
                    integrity: IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache), publicOrigin: publicOrigin))
        students.get(RouterPath(APIPaths.studentExams), use: exams)
        students.post(RouterPath(APIPaths.examAttempts.pattern), use: start)
    }

    @Sendable func exams(_ request: Request, context: AuthenticatedContext) async throws -> Page<StudentExamSummary> {
        let page = try PageRequest(request, cursors: cursors)
        try await expired.submit(studentID: context.user.id, now: clock.now(), logger: context.logger)
        let rows = try await studentExams.exams(ofStudent: context.user.id, page: page, now: clock.now(), logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.id)
    }

    /// 201 with a new attempt, or 200 with the one already open. With one place per attempt
    /// (`oneSession`), `X-ExamPrep-Place` answers the token of the place it belongs to when that
    /// is this request's (the one it sent, or one made for it); from another place, no token.
    @Sendable func start(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<StudentAttempt> {
        let examID = try context.parameters.require("examId", as: Int.self)
        let now = clock.now()
        let origin = AttemptRepository.Origin(
            sessionID: context.user.sessionID, place: AttemptAccess(request, publicOrigin: publicOrigin).place ?? AttemptPlaceToken.make())
        let starting = try await attempts.start(examID: examID, studentID: context.user.id, from: origin, now: now, logger: context.logger)
        /// The attempt's answer, with its place's token when it is this request's.
        func answer(
            _ attempt: StudentAttempt, _ claim: OneSessionRepository.Claim, _ status: HTTPResponse.Status
        ) -> EditedResponse<StudentAttempt> {
            guard case .here(let token) = claim else { return EditedResponse(status: status, response: attempt) }
            return EditedResponse(status: status, headers: [AttemptAccess.placeHeader: token], response: attempt)
        }
        switch starting {
        case .started(let attempt, let claim): return answer(attempt, claim, .created)
        case .resumed(let attempt, let claim): return answer(attempt, claim, .ok)
        case .notFound: throw HTTPFailure(.notFound, .notFound, StartRefusal.notEnrolled.message(exam: .number(examID), time: { _ in "" }))
        case .refused(let refusal):
            // The rule's own reason, in words and as a stable name.
            throw HTTPFailure.conflict(
                refusal.message(exam: .number(examID), time: { .text(JSONNodeEncoder.iso8601($0) ?? "") }), reason: refusal.reason)
        }
    }
}
