import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/faculty/exams…` and `/api/faculty/courses/{courseId}/exams`: faculty write, publish,
/// close and reopen the exams of their courses, give one student their own terms for one exam
/// (overrides), and see who is in an exam. Another's exam or course is 404.
struct FacultyExamController {
    let actions: FacultyExamActions
    let ownership: OwnershipRepository
    let cursors: CursorCodec
    let attempts: FacultyAttemptRepository
    let expired: ExpiredAttemptRepository
    var exams: ExamRepository { actions.exams }
    var clock: ServerClock { actions.clock }

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.courseExams.pattern), use: create)
        faculty.get(RouterPath(APIPaths.facultyExams), use: list)
        faculty.get(RouterPath(APIPaths.facultyExam.pattern), use: show)
        faculty.put(RouterPath(APIPaths.facultyExam.pattern), use: replace)
        faculty.delete(RouterPath(APIPaths.facultyExam.pattern), use: delete)
        faculty.post(RouterPath(APIPaths.publishExam.pattern), use: publish)
        faculty.post(RouterPath(APIPaths.closeExam.pattern), use: close)
        faculty.post(RouterPath(APIPaths.reopenExam.pattern), use: reopen)
        faculty.put(RouterPath(APIPaths.examOverride.pattern), use: setOverride)
        faculty.delete(RouterPath(APIPaths.examOverride.pattern), use: removeOverride)
        faculty.get(RouterPath(APIPaths.facultyExamAttempts.pattern), use: examAttempts)
    }

    /// One student's own terms for the exam: extra attempts, a window, a time limit.
    @Sendable func setOverride(_ request: Request, context: AuthenticatedContext) async throws -> ExamOverride {
        let examID = try context.parameters.require("examId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        let body = try await request.decode(as: ExamOverride.self, context: context)
        return try await actions.setOverride(body, examID: examID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
    }

    @Sendable func removeOverride(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let examID = try context.parameters.require("examId", as: Int.self)
        let studentID = try context.parameters.require("userId", as: Int.self)
        try await actions.removeOverride(examID: examID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
        return SuccessResponse(message: context.catalogue.string(Message("api-faculty.override-removed")))
    }

    /// Who is in the exam: every attempt with its deadline, last save and score. Attempts past
    /// their end are submitted first, so the list is never behind the clock.
    @Sendable func examAttempts(_ request: Request, context: AuthenticatedContext) async throws -> Page<FacultyAttemptSummary> {
        let examID = try context.parameters.require("examId", as: Int.self)
        let page = try PageRequest(request, cursors: cursors)
        try await expired.submit(examID: examID, now: clock.now(), logger: context.logger)
        guard let rows = try await attempts.attempts(ofExam: examID, facultyID: context.user.id, page: page, logger: context.logger)
        else { throw Self.noSuchExam(examID) }
        return Page(rows, page: page, cursors: cursors, key: \.attemptId)
    }

    @Sendable func create(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<Exam> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let draft = try await request.decode(as: ExamDraft.self, context: context)
        return EditedResponse(
            status: .created,
            response: try await actions.create(draft, courseID: courseID, facultyID: context.user.id, logger: context.logger))
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> Page<ExamSummary> {
        let courseID = try Validators.optionalID(request.uri.queryParameters.get(APIPaths.courseIdQueryItem), field: "courseId")
        let page = try PageRequest(request, cursors: cursors)
        if let courseID, try await !ownership.owns(.course(courseID), facultyID: context.user.id, logger: context.logger) {
            throw FacultyCourseActions.noSuchCourse(courseID)
        }
        let rows = try await exams.summaries(facultyID: context.user.id, courseID: courseID, page: page, logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.id)
    }

    @Sendable func show(_ request: Request, context: AuthenticatedContext) async throws -> Exam {
        let examID = try context.parameters.require("examId", as: Int.self)
        guard let exam = try await exams.exam(id: examID, facultyID: context.user.id, logger: context.logger) else {
            throw Self.noSuchExam(examID)
        }
        return exam
    }

    @Sendable func replace(_ request: Request, context: AuthenticatedContext) async throws -> Exam {
        let examID = try context.parameters.require("examId", as: Int.self)
        let draft = try await request.decode(as: ExamDraft.self, context: context)
        return try await actions.replace(draft, examID: examID, facultyID: context.user.id, logger: context.logger)
    }

    @Sendable func delete(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let examID = try context.parameters.require("examId", as: Int.self)
        switch try await exams.delete(examID: examID, facultyID: context.user.id, logger: context.logger) {
        case .deleted: return SuccessResponse(message: context.catalogue.string(Message("api-faculty.exam-deleted")))
        case .notFound: throw Self.noSuchExam(examID)
        case .hasAttempts: throw HTTPFailure.conflict("api-faculty.exam-attempted", ["exam": .integer(examID)])
        }
    }

    @Sendable func publish(_ request: Request, context: AuthenticatedContext) async throws -> Exam {
        try await transition(request, context: context, from: .draft, to: .published)
    }

    @Sendable func close(_ request: Request, context: AuthenticatedContext) async throws -> Exam {
        try await transition(request, context: context, from: .published, to: .closed)
    }

    /// Published again; 409 unless closed, or when its closing time has passed.
    @Sendable func reopen(_ request: Request, context: AuthenticatedContext) async throws -> Exam {
        let examID = try context.parameters.require("examId", as: Int.self)
        return try await actions.reopen(examID: examID, facultyID: context.user.id, logger: context.logger)
    }

    private func transition(_ request: Request, context: AuthenticatedContext, from: ExamStatus, to: ExamStatus) async throws -> Exam {
        let examID = try context.parameters.require("examId", as: Int.self)
        return try await actions.transition(examID: examID, facultyID: context.user.id, from: from, to: to, logger: context.logger)
    }

    private static func noSuchExam(_ examID: Int) -> ActionRefusal { FacultyExamActions.noSuchExam(examID) }
}
