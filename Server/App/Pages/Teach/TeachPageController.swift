import ExamPrepShared
import Hummingbird

/// `GET /teach` (a faculty member's courses, with the codes to give students, and the form
/// for a new course) and `POST /teach/courses` (create it). The course's own page is
/// `TeachCoursePageController`'s.
struct TeachPageController {
    let actions: FacultyCourseActions
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach", use: teach)
        teachers.post("/teach/courses", use: create)
    }

    struct TeachPage: Sendable {
        struct Row: Sendable {
            var id: Int
            var name: String
            var code: String
            var students: Int
        }
        var rows: [Row] = []
        var hasRows = false
        var form = CourseForm()
        var notice: String?
    }

    @Sendable func teach(_ request: Request, context: PageContext) async throws -> Response {
        let page = TeachPage(form: CourseForm(timeZone: actions.defaultTimeZone))
        // The notice of `?done=` is the frame's (`PageNotice`).
        return try await show(page, context: context)
    }

    @Sendable func create(_ request: Request, context: PageContext) async throws -> Response {
        let form = CourseForm(context.form)
        do {
            let course = try await actions.create(
                CreateCourseRequest(name: form.name, description: form.description, timeZone: form.timeZone), facultyID: context.user.id,
                logger: context.logger)
            return PageRenderer.redirect(to: "/teach/courses/\(course.id ?? 0)?done=created")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            var page = TeachPage(form: form)
            page.form.error = refusal.message
            return try await show(page, context: context, status: refusal.status)
        }
    }

    private func show(_ page: TeachPage, context: PageContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        var page = page
        let taught = try await actions.courses.courses(
            ofFaculty: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger)
        page.rows = taught.map { TeachPage.Row(id: $0.id ?? 0, name: $0.name, code: $0.courseCode, students: $0.enrollmentCount) }
        page.hasRows = !page.rows.isEmpty
        return renderer.render(
            "teach", title: context.catalogue.string(Message("layout.teaching")), frame: context.frame, page: page, status: status)
    }
}

/// Faculty pages let only faculty in (the API's rule: a student gets 403).
struct RequireFacultyPage: RouterMiddleware {
    typealias Context = PageContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.user.role == .faculty else { throw PageFailure(.forbidden, "teach.faculty-only") }
        return try await next(request, context)
    }
}
