import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// A bank question as a page: `GET /teach/questions/{questionId}` (its facts, a preview as a
/// student sees it, its GIFT text to edit), `POST` there (`step=preview` shows the changed
/// question and changes nothing; `step=save` saves it, a new version once attempts used it),
/// and `POST …/regrade` (`step=check`: the dry run's score changes; `step=regrade`: the
/// regrade), and `POST …/picture` (`TeachQuestionPagePictures`). The API's
/// `FacultyQuestionActions` do the work; another's question is 404.
struct TeachQuestionPageController {
    let actions: FacultyQuestionActions
    /// The pictures' store (the picture form's uploads) and their sizes (the preview's).
    let media: MediaStore
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/questions/:questionId", use: show)
        teachers.post("/teach/questions/:questionId", use: edit)
        teachers.post("/teach/questions/:questionId/regrade", use: regrade)
        teachers.post("/teach/questions/:questionId/picture", use: picture)
    }

    @Sendable func show(_ request: Request, context: PageContext) async throws -> Response {
        let question = try await question(context)
        let stored = try TeachQuestionPage.stored(question)
        let page = TeachQuestionPage(
            question: question, shown: stored, gift: TeachQuestionPage.gift(stored), changed: false, catalogue: context.catalogue,
            pictures: try await pictures(stored, context))
        // The notice of `?done=` is the frame's (`PageNotice`).
        return render(page, context: context)
    }

    @Sendable func edit(_ request: Request, context: PageContext) async throws -> Response {
        let question = try await question(context)
        let text = (context.form["gift"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        do {
            var draft = try TeachQuestionPage.draft(text)
            draft.practice = question.practice
            draft.keepPictures(of: question)
            if context.form["step"] == "save" {
                _ = try await actions.replace(draft, questionID: question.id, facultyID: context.user.id, logger: context.logger)
                return PageRenderer.redirect(to: "/teach/questions/\(question.id)?done=saved")
            }
            let shown = StoredQuestion(try QuestionValidation.validate(draft, field: "question"), id: question.id)
            var page = TeachQuestionPage(
                question: question, shown: shown, gift: text, changed: true, catalogue: context.catalogue,
                pictures: try await pictures(shown, context))
            page.notice = context.catalogue.string(Message("bank.previewed"))
            return render(page, context: context)
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            let stored = try TeachQuestionPage.stored(question)
            var page = TeachQuestionPage(
                question: question, shown: stored, gift: text, changed: false, catalogue: context.catalogue,
                pictures: try await pictures(stored, context))
            page.error = refusal.message
            return render(page, context: context, status: refusal.status)
        }
    }

    @Sendable func regrade(_ request: Request, context: PageContext) async throws -> Response {
        let question = try await question(context)
        guard let mode = context.form["mode"].flatMap(RegradeMode.init(rawValue:)) else {
            throw PageFailure.badRequest("bank.choose-mode")
        }
        let dryRun = context.form["step"] != "regrade"
        let changes = try await actions.regrade(
            questionID: question.id, mode: mode, dryRun: dryRun, facultyID: context.user.id, logger: context.logger)
        guard dryRun else { return PageRenderer.redirect(to: "/teach/questions/\(question.id)?done=regraded") }
        let stored = try TeachQuestionPage.stored(question)
        var page = TeachQuestionPage(
            question: question, shown: stored, gift: TeachQuestionPage.gift(stored), changed: false, catalogue: context.catalogue,
            pictures: try await pictures(stored, context))
        page.checked = true
        page.mode = mode.rawValue
        for index in page.modes.indices { page.modes[index].selected = page.modes[index].value == mode.rawValue }
        page.changes = changes.map {
            TeachQuestionPage.Change(
                attemptID: $0.attemptId,
                student: $0.studentId.map { context.catalogue.string(Message("bank.student-number", ["id": .integer($0)])) }
                    ?? context.catalogue.string(Message("results.deleted-account")),
                before: TeachGradesPage.number($0.before), after: TeachGradesPage.number($0.after))
        }
        page.hasChanges = !changes.isEmpty
        return render(page, context: context)
    }

    /// The size of `shown`'s pictures, for the preview.
    func pictures(_ shown: StoredQuestion, _ context: PageContext) async throws -> PictureSizes {
        try await media.media.sizes(of: [shown.studentView], logger: context.logger)
    }

    func question(_ context: PageContext) async throws -> Question {
        let questionID = try TeachCoursePageController.id("questionId", context)
        guard let question = try await actions.bank.question(familyID: questionID, facultyID: context.user.id, logger: context.logger)
        else { throw FacultyQuestionActions.noSuchQuestion(questionID) }
        return question
    }

    func render(_ page: TeachQuestionPage, context: PageContext, status: HTTPResponse.Status = .ok) -> Response {
        renderer.render("teach-question", title: page.title, frame: context.frame, page: page, status: status)
    }
}
