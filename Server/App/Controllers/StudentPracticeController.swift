import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/students/…` practice and review: a practice session of a course's practice
/// questions, each answer checked at once (never counted toward grades), the questions due
/// for spaced review today, and the student's mistakes. A course the student is not enrolled
/// in, or another's session, is 404.
struct StudentPracticeController {
    let practice: PracticeRepository
    let reviews: ReviewRepository
    let cursors: CursorCodec
    let clock: ServerClock
    let limiter: RateLimiter

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
        let choice = try PracticeValidation.choice(body)
        try await limiter.admit(.practiceSessionsPerStudent, context: context)
        guard
            let session = try await practice.start(
                courseID: courseID, studentID: context.user.id, choice: choice, now: clock.now(), logger: context.logger)
        else { throw HTTPFailure.notFound("practice.not-enrolled", ["course": .integer(courseID)]) }
        return EditedResponse(status: .created, response: session)
    }

    @Sendable func answer(_ request: Request, context: AuthenticatedContext) async throws -> PracticeFeedback {
        let practiceID = try context.parameters.require("practiceId", as: Int.self)
        let body = try await request.decode(as: PracticeAnswer.self, context: context)
        try await limiter.admit(.practiceAnswersPerStudent, context: context)
        switch try await practice.answer(
            practiceID: practiceID, studentID: context.user.id, answer: body, now: clock.now(), logger: context.logger,
            check: PracticeValidation.answer)
        {
        case .answered(let feedback): return feedback
        case .notFound: throw HTTPFailure.notFound("practice.no-session", ["number": .integer(practiceID)])
        case .notInSession:
            throw InvalidInput("api-student.not-in-practice", ["question": .integer(body.questionId), "practice": .integer(practiceID)])
        case .alreadyAnswered:
            throw HTTPFailure.conflict(
                "api-student.practice-answered", ["question": .integer(body.questionId), "practice": .integer(practiceID)])
        case .inOpenExam:
            throw HTTPFailure.conflict(
                "api-student.practice-in-exam", ["question": .integer(body.questionId)])
        }
    }

    @Sendable func due(_ request: Request, context: AuthenticatedContext) async throws -> Page<DueReview> {
        let courseID = try Validators.optionalID(request.uri.queryParameters.get(APIPaths.courseIdQueryItem), field: "courseId")
        let page = try TimePageRequest(request, cursors: cursors)
        guard
            let rows = try await reviews.due(
                studentID: context.user.id, courseID: courseID, page: page, now: clock.now(), logger: context.logger)
        else { throw Self.notEnrolled(courseID) }
        return page.page(rows, cursors: cursors)
    }

    @Sendable func mistakes(_ request: Request, context: AuthenticatedContext) async throws -> Page<Mistake> {
        let courseID = try Validators.optionalID(request.uri.queryParameters.get(APIPaths.courseIdQueryItem), field: "courseId")
        let page = try TimePageRequest(request, cursors: cursors)
        guard
            let rows = try await reviews.mistakes(
                studentID: context.user.id, courseID: courseID, page: page, now: clock.now(), logger: context.logger)
        else { throw Self.notEnrolled(courseID) }
        return page.page(rows, cursors: cursors)
    }

    private static func notEnrolled(_ courseID: Int?) -> HTTPFailure {
        HTTPFailure.notFound("practice.not-enrolled", ["course": courseID.map(MessageValue.integer) ?? .text("?")])
    }
}
