import ExamPrepShared
import Foundation
import Hummingbird

/// Students take the published exams of their courses: list, start or resume an attempt,
/// save answers, submit, read results and grades. An exam or attempt out of reach (another
/// course, a draft, a course left) is 404.
struct StudentExamController {
    let attempts: AttemptRepository
    let studentExams: StudentExamRepository
    let cursors: CursorCodec
    let clock: ServerClock

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.studentExams), use: exams)
        students.post(RouterPath(APIPaths.examAttempts.pattern), use: start)
        students.get(RouterPath(APIPaths.attempt.pattern), use: attempt)
        students.put(RouterPath(APIPaths.attemptAnswers.pattern), use: save)
        students.post(RouterPath(APIPaths.submitAttempt.pattern), use: submit)
        students.get(RouterPath(APIPaths.studentGrades), use: grades)
    }

    @Sendable func exams(_ request: Request, context: AuthenticatedContext) async throws -> Page<StudentExamSummary> {
        let page = try PageRequest(request, cursors: cursors)
        try await attempts.submitExpired(studentID: context.user.id, now: clock.now(), logger: context.logger)
        let rows = try await studentExams.exams(ofStudent: context.user.id, page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.id)
    }

    /// 201 with a new attempt, or 200 with the one already open.
    @Sendable func start(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<StudentAttempt> {
        let examID = try context.parameters.require("examId", as: Int.self)
        switch try await attempts.start(examID: examID, studentID: context.user.id, now: clock.now(), logger: context.logger) {
        case .started(let attempt): return EditedResponse(status: .created, response: attempt)
        case .resumed(let attempt): return EditedResponse(status: .ok, response: attempt)
        case .notFound: throw APIError.notFound("No exam \(examID) is open to you.")
        case .noAttemptsLeft(let maxAttempts):
            throw APIError.conflict("You have used all \(maxAttempts) attempt\(maxAttempts == 1 ? "" : "s") at exam \(examID).")
        case .notOpenYet(let opensAt):
            throw APIError.conflict("Exam \(examID) opens at \(opensAt.formatted(.iso8601)).")
        case .closed: throw APIError.conflict("Exam \(examID) is closed.")
        }
    }

    @Sendable func attempt(_ request: Request, context: AuthenticatedContext) async throws -> StudentAttempt {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        // Past its deadline, it is submitted with what was saved before it is shown.
        try await attempts.submitExpired(attemptID: attemptID, studentID: context.user.id, now: clock.now(), logger: context.logger)
        guard let attempt = try await attempts.attempt(id: attemptID, studentID: context.user.id, logger: context.logger) else {
            throw Self.noSuchAttempt(attemptID)
        }
        return attempt
    }

    @Sendable func save(_ request: Request, context: AuthenticatedContext) async throws -> SaveAnswersResponse {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let body = try await request.decode(as: SaveAnswersRequest.self, context: context)
        switch try await attempts.save(
            attemptID: attemptID, studentID: context.user.id, answers: body.answers, now: clock.now(), logger: context.logger)
        {
        case .saved(let count): return SaveAnswersResponse(saved: count)
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .submitted: throw APIError.conflict("Attempt \(attemptID) is submitted; its answers can no longer change.")
        case .pastDeadline: throw APIError.conflict("The time for attempt \(attemptID) is up; it is graded with what was saved.")
        }
    }

    @Sendable func submit(_ request: Request, context: AuthenticatedContext) async throws -> AttemptResult {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let final = try await request.decodeIfPresent(as: SaveAnswersRequest.self, context: context)
        switch try await attempts.submit(
            attemptID: attemptID, studentID: context.user.id, finalAnswers: final?.answers ?? [], now: clock.now(),
            logger: context.logger)
        {
        case .graded(let result): return result
        case .notFound: throw Self.noSuchAttempt(attemptID)
        case .alreadySubmitted:
            throw APIError.conflict("Attempt \(attemptID) is already submitted; GET it for the result.")
        }
    }

    @Sendable func grades(_ request: Request, context: AuthenticatedContext) async throws -> Page<StudentGrade> {
        let page = try PageRequest(request, cursors: cursors)
        try await attempts.submitExpired(studentID: context.user.id, now: clock.now(), logger: context.logger)
        let rows = try await studentExams.grades(ofStudent: context.user.id, page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.attemptId)
    }

    private static func noSuchAttempt(_ attemptID: Int) -> APIError {
        APIError.notFound("You have no attempt \(attemptID).")
    }
}
