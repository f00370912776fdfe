import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// A course's exams as pages: `GET /teach/courses/{courseId}/exams` (the list),
/// `GET /teach/exams/{examId}` (the exam's facts, publish, close after asking
/// (`TeachExamClosePage`), reopen, per-student overrides) and
/// their forms. The API's `FacultyExamActions` do the work; another's course or exam is 404.
struct TeachExamPageController {
    let courses: FacultyCourseActions
    let actions: FacultyExamActions
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/courses/:courseId/exams", use: list)
        teachers.get("/teach/exams/:examId", use: show)
        teachers.post("/teach/exams/:examId/publish", use: publish)
        teachers.get("/teach/exams/:examId/close", use: confirmClose)
        teachers.post("/teach/exams/:examId/close", use: close)
        teachers.post("/teach/exams/:examId/reopen", use: reopen)
        teachers.post("/teach/exams/:examId/overrides", use: setOverride)
        teachers.post("/teach/exams/:examId/overrides/remove", use: removeOverride)
    }

    struct ListPage: Sendable {
        struct Row: Sendable {
            var id: Int
            var title: String
            var status: String
            var facts: String
        }
        var courseID: Int
        var courseName: String
        var rows: [Row]
        var hasRows: Bool
    }

    struct ExamPage: Sendable {
        var id: Int
        var courseID: Int
        var courseName: String
        var title: String
        var status: String
        var facts: [String]
        var isDraft: Bool
        var isPublished: Bool
        var isClosed: Bool
        var hasAttempts: Bool
        var notice: String?
        var error: String?
        var students: [ExamForm.Option]
        var hasStudents: Bool
    }

    @Sendable func list(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await courses.course(
            try TeachCoursePageController.id("courseId", context), facultyID: context.user.id, logger: context.logger)
        let summaries = try await actions.exams.summaries(
            facultyID: context.user.id, courseID: course.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger)
        let catalogue = context.catalogue
        let rows = summaries.map { exam in
            ListPage.Row(
                id: exam.id, title: exam.title, status: Self.status(exam.status, catalogue: catalogue),
                facts: (Self.facts(
                    questions: exam.questionCount, points: exam.totalPoints, limit: exam.timeLimitMinutes, opens: exam.opensAt,
                    closes: exam.closesAt, attempts: exam.maxAttempts, timeZone: course.timeZone, language: context.language
                ) + [catalogue.string(Message("teach.facts.attempts-made", ["count": .integer(exam.attemptCount)]))])
                .joined(separator: " · "))
        }
        let page = ListPage(courseID: course.id ?? 0, courseName: course.name, rows: rows, hasRows: !rows.isEmpty)
        let title = catalogue.string(Message("teach.exams.title", ["course": .text(course.name)]))
        return renderer.render("teach-exams", title: title, frame: context.frame, page: page)
    }

    @Sendable func show(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        try await render(context: context, notice: nil)
    }

    @Sendable func publish(_ request: Request, context: PageContext) async throws -> Response {
        try await transition(context, from: .draft, to: .published, done: "published")
    }

    @Sendable func close(_ request: Request, context: PageContext) async throws -> Response {
        try await transition(context, from: .published, to: .closed, done: "closed")
    }

    /// The question before closing: who has not sat it, what happens to running attempts.
    @Sendable func confirmClose(_ request: Request, context: PageContext) async throws -> Response {
        try await TeachExamClosePage(actions: actions, renderer: renderer).show(
            examID: try TeachCoursePageController.id("examId", context),
            courseName: { try await courses.course($0, facultyID: context.user.id, logger: context.logger).name }, context: context)
    }

    @Sendable func reopen(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        do {
            _ = try await actions.reopen(examID: examID, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/exams/\(examID)?done=reopened")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await render(context: context, error: refusal.message, status: refusal.status)
        }
    }

    @Sendable func setOverride(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        let form = context.form
        do {
            let exam = try await exam(examID, context: context)
            let timeZone = try await courses.course(exam.courseId, facultyID: context.user.id, logger: context.logger).timeZone
            guard let studentID = form["student"].flatMap({ Int($0) }) else {
                throw InvalidInput("teach.exam.choose-student")
            }
            let override = ExamOverride(
                extraAttempts: try TeachCoursePageController.number(form["extraAttempts"], Message("teach.extra-attempts"), { Int($0) }),
                opensAt: try PageTime.parseLocal(form["opensAt"] ?? "", timeZone: timeZone, field: Message("teach.opens")),
                closesAt: try PageTime.parseLocal(form["closesAt"] ?? "", timeZone: timeZone, field: Message("teach.closes")),
                timeLimitMinutes: try TeachCoursePageController.number(form["timeLimitMinutes"], Message("teach.time-limit"), { Int($0) }))
            _ = try await actions.setOverride(
                override, examID: examID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/exams/\(examID)?done=override")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await render(context: context, error: refusal.message, status: refusal.status)
        }
    }

    @Sendable func removeOverride(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        guard let studentID = context.form["student"].flatMap({ Int($0) }) else {
            throw PageFailure.badRequest("teach.exam.choose-student")
        }
        try await actions.removeOverride(examID: examID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
        return PageRenderer.redirect(to: "/teach/exams/\(examID)?done=override-removed")
    }

    // MARK: - Steps

    private func transition(_ context: PageContext, from: ExamStatus, to: ExamStatus, done: String) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        do {
            _ = try await actions.transition(examID: examID, facultyID: context.user.id, from: from, to: to, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/exams/\(examID)?done=\(done)")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await render(context: context, error: refusal.message, status: refusal.status)
        }
    }

    private func exam(_ examID: Int, context: PageContext) async throws -> Exam {
        guard let exam = try await actions.exams.exam(id: examID, facultyID: context.user.id, logger: context.logger) else {
            throw FacultyExamActions.noSuchExam(examID)
        }
        return exam
    }

    private func render(context: PageContext, notice: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok)
        async throws -> Response
    {
        let exam = try await exam(try TeachCoursePageController.id("examId", context), context: context)
        let course = try await courses.course(exam.courseId, facultyID: context.user.id, logger: context.logger)
        let roster = try await courses.enrollments.roster(
            courseID: exam.courseId, order: .surname, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger)
        let catalogue = context.catalogue
        var facts = Self.facts(
            questions: exam.questions.count + (exam.draws ?? []).reduce(0) { $0 + $1.fromBank.count }, points: exam.totalPoints,
            limit: exam.timeLimitMinutes, opens: exam.opensAt, closes: exam.closesAt, attempts: exam.maxAttempts, timeZone: course.timeZone,
            language: context.language)
        facts.append(
            catalogue.string(Message("teach.facts.fixed", ["count": .integer(exam.questions.count)])) + ", "
                + catalogue.string(Message("teach.facts.slots", ["count": .integer((exam.draws ?? []).count)])))
        facts.append(
            catalogue.string(
                Message(
                    "teach.facts.grade",
                    [
                        "method": .text(ExamForm.gradingMethod(exam.policy.gradingMethod, catalogue: catalogue)),
                        "seconds": .integer(exam.policy.graceSeconds),
                    ])))
        for slot in exam.draws ?? [] {
            guard let available = slot.available, available < slot.fromBank.count else { continue }
            facts.append(
                catalogue.string(DrawShortfall.ofSlot(slot.fromBank, place: slot.position + 1, available: available)) + " "
                    + catalogue.string(DrawShortfall.untilTheBankHasMore(available)))
        }
        let students = roster.map {
            ExamForm.Option(
                value: String($0.student.userId),
                label: PersonLabel.of(name: $0.student.name, email: $0.student.email, number: $0.student.studentNumber), selected: false)
        }
        let page = ExamPage(
            id: exam.id, courseID: exam.courseId, courseName: course.name, title: exam.title,
            status: Self.status(exam.status, catalogue: catalogue), facts: facts,
            isDraft: exam.status == .draft, isPublished: exam.status == .published,
            isClosed: exam.status == .closed, hasAttempts: exam.status != .draft, notice: notice,
            error: error, students: students, hasStudents: !students.isEmpty)
        return renderer.render("teach-exam", title: exam.title, frame: context.frame, page: page, status: status)
    }

    /// An exam's facts in short lines, in `language`, its times in the course's time zone.
    static func facts(
        questions: Int, points: Int, limit: Int?, opens: Date?, closes: Date?, attempts: Int, timeZone: String, language: Language
    ) -> [String] {
        let catalogue = Catalogue.of(language)
        func say(_ key: String, _ values: [String: MessageValue] = [:]) -> String { catalogue.string(Message(key, values)) }
        return [
            say("teach.facts.questions", ["count": .integer(questions)]) + ", " + say("teach.facts.points", ["count": .integer(points)]),
            PageTime.limit(limit, base: nil, language: language) ?? say("teach.facts.no-limit"),
            opens.map { say("teach.facts.opens", ["moment": .text(PageTime.text($0, timeZone: timeZone, language: language))]) }
                ?? say("teach.facts.opens-at-publication"),
            closes.map { say("teach.facts.closes", ["moment": .text(PageTime.text($0, timeZone: timeZone, language: language))]) }
                ?? say("teach.facts.closes-when-closed"),
            say("teach.facts.attempts-allowed", ["count": .integer(attempts)]),
        ]
    }

    /// "draft", "published" or "closed", in the catalogue's language.
    static func status(_ status: ExamStatus, catalogue: Catalogue) -> String {
        switch status {
        case .draft: catalogue.string(Message("teach.status.draft"))
        case .published: catalogue.string(Message("teach.status.published"))
        case .closed: catalogue.string(Message("teach.status.closed"))
        }
    }
}
