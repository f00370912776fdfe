import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /teach/courses/{courseId}/roster/import`: a class list (an uploaded CSV file, in
/// whichever encoding and separator a spreadsheet saved it, or pasted text) checked first (`step=check`, a dry run that shows each line's outcome),
/// then imported (`step=import`), which shows what happened and the new accounts' one-time
/// links when no mail is sent: they are shown once, so the answer is the page itself. The
/// API's `ClassListImporter` does the work; a refused list is the course page again with
/// the message by the form and the list as read in its text box; another's course is 404.
struct TeachClassListPageController {
    let coursePages: TeachCoursePageController
    let importer: ClassListImporter
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.post("/teach/courses/:courseId/roster/import", use: importList)
    }

    @Sendable func importList(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        let (form, catalogue) = (context.form, context.catalogue)
        // The file's bytes as sent (none when no file was chosen), in any encoding.
        let file = form.bytes("file") ?? []
        let pasted = form["text"] ?? ""
        // The file in whichever encoding the school's spreadsheet saved it.
        let (read, encoding) = file.isEmpty ? (pasted, SpreadsheetText.Encoding.utf8) : SpreadsheetText.decode(file)
        // A browser sends a file's line breaks as they are, and a field's as CRLF.
        let text = read.replacingOccurrences(of: "\r\n", with: "\n")
        do {
            guard text.utf8.count <= APILimits.maxBodyBytes else {
                throw FormRefusal(
                    status: .contentTooLarge,
                    message: catalogue.string(Message("teach.class-list.too-large", ["kb": .integer(APILimits.maxBodyBytes / 1024)])))
            }
            guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw InvalidInput("teach.class-list.empty")
            }
            let who = ClassListRepository.Importer.owner(context.user.id)
            guard try await importer.admit(courseID: courseID, by: who, logger: context.logger) else {
                throw FacultyCourseActions.noSuchCourse(courseID)
            }
            let list = try ClassList(csv: text, encoding: encoding)
            let dryRun = form["step"] != "import"
            switch try await importer.run(
                list, courseID: courseID, by: who, dryRun: dryRun, language: context.language, logger: context.logger)
            {
            case .notFound: throw FacultyCourseActions.noSuchCourse(courseID)
            case .raced: throw ClassListController.raced
            case .overDailyCap(let message): throw FormRefusal(status: .conflict, message: catalogue.string(message))
            case .imported(let report):
                let course = try await coursePages.actions.course(courseID, facultyID: context.user.id, logger: context.logger)
                let page = TeachClassListPage(course: course, text: text, list: list, report: report, language: context.language)
                let title =
                    catalogue.string(Message(dryRun ? "teach.class-list.check" : "teach.class-list.imported")) + " · " + course.name
                return renderer.render("teach-class-list", title: title, frame: context.frame, page: page)
            }
        } catch {
            guard let refusal = (error as? FormRefusal) ?? FormRefusal(error, context.catalogue) else { throw error }
            let course = try await coursePages.actions.course(courseID, facultyID: context.user.id, logger: context.logger)
            var page = TeachCoursePage(course: course)
            page.importError = refusal.message
            // The list as read, a file's too, to be put right in the text box and sent again.
            page.importText = refusal.status != .contentTooLarge ? text : ""
            return try await coursePages.render(page, request: request, context: context, status: refusal.status)
        }
    }
}
