import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// `GET /api/faculty/grades?courseId=`: a course's grade book, as JSON pages of grades or, when
/// `Accept` prefers CSV (`AcceptHeader`: `text/csv` or `text/*`), all of it as CSV, with a row
/// for each exam an enrolled student did not sit (`GradeBookLine`). An `Accept` that allows
/// neither still gets JSON, as it always has.
struct FacultyGradeController {
    let grades: GradeBookRepository
    let expired: ExpiredAttemptRepository
    let ownership: OwnershipRepository
    let cursors: CursorCodec
    let clock: ServerClock

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.facultyGrades), use: gradeBook)
    }

    @Sendable func gradeBook(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        guard
            let courseID = try Validators.optionalID(request.uri.queryParameters.get(APIPaths.courseIdQueryItem), field: "courseId")
        else { throw InvalidInput("api-faculty.grades-course-required") }
        let csv = AcceptHeader.choose(request.headers[.accept], from: [("application/json", false), ("text/csv", true)]) ?? false
        let page = csv ? nil : try PageRequest(request, cursors: cursors)
        guard try await ownership.owns(.course(courseID), facultyID: context.user.id, logger: context.logger) else {
            throw FacultyCourseActions.noSuchCourse(courseID)
        }
        let query = request.uri.queryParameters
        let style = try GradeBookCSV.Style.chosen(
            separator: query.get("separator"), locale: query.get("locale"), language: context.language.language)
        try await expired.submit(courseID: courseID, now: clock.now(), logger: context.logger)
        if let page {
            let rows = try await grades.gradeBook(courseID: courseID, page: page, logger: context.logger)
            return try Page(rows, page: page, cursors: cursors, key: \.attemptId).response(from: request, context: context)
        }
        let rows = try await grades.lines(courseID: courseID, logger: context.logger)
        let timeZone = try await grades.timeZone(courseID: courseID, logger: context.logger)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8; header=present",
                .contentDisposition: "attachment; filename=\"grades-course-\(courseID).csv\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: GradeBookCSV.render(rows, style: style, timeZone: timeZone))))
    }
}
