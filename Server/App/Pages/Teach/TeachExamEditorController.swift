import ExamPrepShared
import Foundation
import Hummingbird

/// The exam editor: `GET /teach/courses/{courseId}/exams/new` and `POST …/exams` (a new
/// exam), `GET`/`POST /teach/exams/{examId}/edit` (a draft's changes). One form holds the
/// facts, the policy, the review options, fixed questions (the exam's own, and bank questions
/// to add) and "N from a topic and tags" slots; without JavaScript it is one post. The API's
/// `FacultyExamActions` validate and store it; another's course or exam is 404.
struct TeachExamEditorController {
    let courses: FacultyCourseActions
    let questions: FacultyQuestionActions
    let actions: FacultyExamActions
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/courses/:courseId/exams/new", use: new)
        teachers.post("/teach/courses/:courseId/exams", use: create)
        teachers.get("/teach/exams/:examId/edit", use: edit)
        teachers.post("/teach/exams/:examId/edit", use: replace)
    }

    struct EditorPage: Sendable {
        var courseID: Int
        var courseName: String
        var examID: Int?
        var action: String
        var heading: String
        var form: ExamForm
    }

    @Sendable func new(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await courses.course(
            try TeachCoursePageController.id("courseId", context), facultyID: context.user.id, logger: context.logger)
        return try await render(course: course, exam: nil, context: context)
    }

    @Sendable func create(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await courses.course(
            try TeachCoursePageController.id("courseId", context), facultyID: context.user.id, logger: context.logger)
        let courseID = course.id ?? 0
        do {
            let draft = try ExamForm.draft(
                context.form, exam: nil, chosen: try await chosen(context, courseID: courseID), timeZone: course.timeZone)
            let exam = try await actions.create(draft, courseID: courseID, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/exams/\(exam.id)?done=saved")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await render(course: course, exam: nil, context: context, refusal: refusal)
        }
    }

    @Sendable func edit(_ request: Request, context: PageContext) async throws -> Response {
        let exam = try await exam(context)
        return try await render(
            course: try await courses.course(exam.courseId, facultyID: context.user.id, logger: context.logger), exam: exam,
            context: context)
    }

    @Sendable func replace(_ request: Request, context: PageContext) async throws -> Response {
        let exam = try await exam(context)
        let course = try await courses.course(exam.courseId, facultyID: context.user.id, logger: context.logger)
        do {
            let draft = try ExamForm.draft(
                context.form, exam: exam, chosen: try await chosen(context, courseID: exam.courseId), timeZone: course.timeZone)
            _ = try await actions.replace(draft, examID: exam.id, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/exams/\(exam.id)?done=saved")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await render(course: course, exam: exam, context: context, refusal: refusal)
        }
    }

    // MARK: - Steps

    /// The bank questions the form chose as fixed questions, by id.
    private func chosen(_ context: PageContext, courseID: Int) async throws -> [Int: Question] {
        guard !context.form.all("fixed").isEmpty else { return [:] }
        return Dictionary(
            try await bankQuestions(courseID: courseID, context: context).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    /// The first `PageRequest.maxLimit` questions of the bank: the editor's fixed questions to
    /// choose from (a larger bank is drawn from by slots).
    private func bankQuestions(courseID: Int, context: PageContext) async throws -> [Question] {
        try await questions.bank.list(
            courseID: courseID, facultyID: context.user.id, topic: nil, tag: nil, page: PageRequest(limit: PageRequest.maxLimit),
            logger: context.logger) ?? []
    }

    /// The form, made and drawn aside (`PageRenderer.renderAside`): it holds every topic of
    /// the bank, a tree that grows with it.
    private func render(course: Course, exam: Exam?, context: PageContext, refusal: FormRefusal? = nil) async throws -> Response {
        let courseID = course.id ?? 0
        let bank = try await bankQuestions(courseID: courseID, context: context)
        let outline = try await questions.bank.outline(courseID: courseID, facultyID: context.user.id, logger: context.logger)?.topics ?? []
        let sent = refusal.map { (fields: context.form, message: $0.message) }
        let catalogue = context.catalogue
        let heading =
            exam.map { catalogue.string(Message("teach.editor.edit", ["title": .text($0.title)])) }
            ?? catalogue.string(Message("teach.exams.new"))
        return try await renderer.renderAside(
            "teach-exam-editor", title: heading, frame: context.frame, status: refusal?.status ?? .ok
        ) {
            let topics = TopicTree(outline.map { (path: $0.0, count: $0.1) })
            var form = ExamForm(exam: exam, bank: bank, topics: topics, timeZone: course.timeZone, catalogue: catalogue)
            if let sent {
                form.take(sent.fields)
                form.error = sent.message
            }
            return EditorPage(
                courseID: courseID, courseName: course.name, examID: exam?.id,
                action: exam.map { "/teach/exams/\($0.id)/edit" } ?? "/teach/courses/\(courseID)/exams", heading: heading, form: form)
        }
    }

    private func exam(_ context: PageContext) async throws -> Exam {
        let examID = try TeachCoursePageController.id("examId", context)
        guard let exam = try await actions.exams.exam(id: examID, facultyID: context.user.id, logger: context.logger) else {
            throw FacultyExamActions.noSuchExam(examID)
        }
        return exam
    }
}
