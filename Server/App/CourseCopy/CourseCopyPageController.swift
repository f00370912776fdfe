import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The `/teach` pages of a course's file (docs/DATA.md): **Copy course** asks for the new
/// course's name (`GET /teach/courses/{id}/copy`) and copies it on the server (`POST`, then the
/// new course's page); `GET /teach/courses/{id}/export` downloads the file; and the `/teach`
/// start page's upload form posts a file to `POST /teach/courses/import`. A refusal shows the
/// page again with what was wrong.
struct CourseCopyPageController {
    let actions: CourseCopyActions
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/courses/:courseId/copy", use: confirm)
        teachers.post("/teach/courses/:courseId/copy", use: copy)
        teachers.get("/teach/courses/:courseId/export", use: export)
        teachers.post("/teach/courses/import", use: importFile)
    }

    /// What `teach-course-copy.mustache` shows: the copy's form (`copying`) or the upload form again.
    struct CopyPage: Sendable {
        var heading: String
        var copying: Bool
        var courseID = 0
        var courseName = ""
        var title = ""
        var error: String?
    }

    @Sendable func confirm(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await course(context)
        let title = context.catalogue.string(Message("course-copy.default-title", ["name": .text(course.name)]))
        return show(copyPage(course, title: String(title.prefix(100)), context: context), context: context)
    }

    @Sendable func copy(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await course(context)
        let title = context.form["title"] ?? ""
        do {
            let copied = try await actions.copy(courseID: course.id ?? 0, title: title, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/courses/\(copied.course.id ?? 0)?done=created")
        } catch {
            guard let refusal = Self.refusal(error, context.catalogue) else { throw error }
            var page = copyPage(course, title: title, context: context)
            page.error = refusal.message
            return show(page, context: context, status: refusal.status)
        }
    }

    @Sendable func export(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        return CourseCopyController.download(
            try await actions.export(courseID: courseID, facultyID: context.user.id, logger: context.logger))
    }

    @Sendable func importFile(_ request: Request, context: PageContext) async throws -> Response {
        let bytes = context.form.bytes("file") ?? []
        let title = context.form["title"].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        do {
            guard !bytes.isEmpty else { throw InvalidInput("validation.body.required") }
            let imported = try await actions.importFile(bytes, title: title, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/courses/\(imported.course.id ?? 0)?done=created")
        } catch {
            guard let refusal = Self.refusal(error, context.catalogue) else { throw error }
            let heading = context.catalogue.string(Message("course-copy.import-heading"))
            return show(CopyPage(heading: heading, copying: false, error: refusal.message), context: context, status: refusal.status)
        }
    }

    private func course(_ context: PageContext) async throws -> Course {
        let courseID = try TeachCoursePageController.id("courseId", context)
        return try await actions.writer.courses.course(courseID, facultyID: context.user.id, logger: context.logger)
    }

    private func copyPage(_ course: Course, title: String, context: PageContext) -> CopyPage {
        CopyPage(
            heading: context.catalogue.string(Message("course-copy.copy-heading", ["name": .text(course.name)])), copying: true,
            courseID: course.id ?? 0, courseName: course.name, title: title)
    }

    private func show(_ page: CopyPage, context: PageContext, status: HTTPResponse.Status = .ok) -> Response {
        renderer.render("teach-course-copy", title: page.heading, frame: context.frame, page: page, status: status)
    }

    /// What a form shows of a refusal: as `FormRefusal`, and a file too large or compressed too.
    private static func refusal(_ error: any Error, _ catalogue: Catalogue) -> FormRefusal? {
        if let refusal = FormRefusal(error, catalogue) { return refusal }
        if let failure = (error as? ActionRefusal)?.failure ?? (error as? HTTPFailure),
            [.contentTooLarge, .unsupportedMediaType, .tooManyRequests].contains(failure.status)
        {
            return FormRefusal(status: failure.status, message: catalogue.string(failure.message))
        }
        return nil
    }
}
