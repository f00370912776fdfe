import ExamPrepShared
import Foundation
import Hummingbird

/// `GET /teach/exams/{examId}/close`: before a published exam closes, how many enrolled
/// students have not sat it, how many attempts are running and what closing does to them, with
/// **Close the exam** (the POST) and **Cancel**. Another's exam is 404; a draft or closed exam
/// goes back to its page.
struct TeachExamClosePage {
    let actions: FacultyExamActions
    let renderer: PageRenderer

    struct Page: Sendable {
        var id: Int
        var courseID: Int
        var courseName: String
        var title: String
        var notSat: String
        var running: String
    }

    /// The confirmation, or the exam's page when it is not published.
    func show(examID: Int, courseName: (Int) async throws -> String, context: PageContext) async throws -> Response {
        guard let exam = try await actions.exams.exam(id: examID, facultyID: context.user.id, logger: context.logger) else {
            throw FacultyExamActions.noSuchExam(examID)
        }
        guard exam.status == .published else { return PageRenderer.redirect(to: "/teach/exams/\(examID)") }
        let counts = try await actions.closingCounts(examID: examID, facultyID: context.user.id, logger: context.logger)
        let catalogue = context.catalogue
        let page = Page(
            id: examID, courseID: exam.courseId, courseName: try await courseName(exam.courseId), title: exam.title,
            notSat: catalogue.string(Message("closing.not-sat", ["count": .integer(counts.notSat)])),
            running: catalogue.string(Message("closing.running", ["count": .integer(counts.running)])))
        let title = catalogue.string(Message("closing.title", ["exam": .text(exam.title)]))
        return renderer.render("teach-exam-close", title: title, frame: context.frame, page: page)
    }
}
