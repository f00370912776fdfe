import ExamPrepShared
import Foundation
import Hummingbird

/// `GET /api/students/grades`: the student's grade per exam by its grading method; grades stay
/// when the student leaves a course.
struct StudentGradeController {
    let expired: ExpiredAttemptRepository
    let studentExams: StudentExamRepository
    let cursors: CursorCodec
    let clock: ServerClock

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let students = group.group().add(middleware: RequireRole(.student))
        students.get(RouterPath(APIPaths.studentGrades), use: grades)
    }

    @Sendable func grades(_ request: Request, context: AuthenticatedContext) async throws -> Page<StudentGrade> {
        let page = try PageRequest(request, cursors: cursors)
        try await expired.submit(studentID: context.user.id, now: clock.now(), logger: context.logger)
        let rows = try await studentExams.grades(ofStudent: context.user.id, page: page, now: clock.now(), logger: context.logger)
        return Page(rows, page: page, cursors: cursors, key: \.attemptId)
    }
}
