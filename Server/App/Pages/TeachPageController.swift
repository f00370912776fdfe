import ExamPrepShared
import Hummingbird

/// `GET /teach`: the courses a faculty member teaches, with the codes to give students. Writing
/// exams, exam day and grade books are the API's and the `examprep` command's for now.
struct TeachPageController {
    let courses: CourseRepository
    let renderer: PageRenderer

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.get("/teach", use: teach)
    }

    struct TeachPage: Sendable {
        struct Row: Sendable {
            var name: String
            var code: String
            var students: Int
        }
        var rows: [Row]
        var hasRows: Bool
    }

    @Sendable func teach(_ request: Request, context: PageContext) async throws -> Response {
        guard context.user.role == .faculty else { throw PageFailure(.forbidden, "This page is for teachers.") }
        let taught = try await courses.courses(
            ofFaculty: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger)
        let rows = taught.map { TeachPage.Row(name: $0.name, code: $0.courseCode, students: $0.enrollmentCount) }
        return renderer.render("teach", title: "Teaching", frame: context.frame, page: TeachPage(rows: rows, hasRows: !rows.isEmpty))
    }
}
