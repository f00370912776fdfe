import ExamPrepShared
import Foundation
import Hummingbird

/// The exam hour, live: `GET /teach/exams/{examId}/live` (who started, who is in, each
/// attempt's last save, time left, flags; 100 attempts a page), its fragment `…/live/rows`
/// (the same counts and table, which the page's script asks for every few seconds), extending
/// everyone's attempt (`POST …/extend`), and one attempt (`GET /teach/attempts/{attemptId}`:
/// its log; `POST …/extend`). Another's exam or attempt is 404.
struct TeachLivePageController {
    let courses: FacultyCourseActions
    let exams: FacultyExamActions
    let actions: FacultyAttemptActions
    let expired: ExpiredAttemptRepository
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/exams/:examId/live", use: live)
        teachers.get("/teach/exams/:examId/live/rows", use: rows)
        teachers.post("/teach/exams/:examId/extend", use: extendAll)
        teachers.get("/teach/attempts/:attemptId", use: attempt)
        teachers.post("/teach/attempts/:attemptId/extend", use: extend)
    }

    /// Attempts per page of the live table.
    static let pageSize = 100

    @Sendable func live(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        let page = try await livePage(request, context: context)
        return renderer.render("teach-live", title: liveTitle(page, context), frame: context.frame, page: page)
    }

    @Sendable func rows(_ request: Request, context: PageContext) async throws -> Response {
        let page = try await livePage(request, context: context)
        return renderer.render("live-rows", title: "", frame: context.frame, page: page)
    }

    @Sendable func extendAll(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try TeachCoursePageController.id("examId", context)
        do {
            let minutes = try Self.minutes(context)
            let count = try await actions.extendAll(examID: examID, minutes: minutes, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/exams/\(examID)/live?done=extended&count=\(count)")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            var page = try await livePage(request, context: context)
            page.error = refusal.message
            return renderer.render("teach-live", title: liveTitle(page, context), frame: context.frame, page: page, status: refusal.status)
        }
    }

    @Sendable func attempt(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        try await renderAttempt(request, context: context)
    }

    @Sendable func extend(_ request: Request, context: PageContext) async throws -> Response {
        let attemptID = try TeachCoursePageController.id("attemptId", context)
        do {
            let minutes = try Self.minutes(context)
            _ = try await actions.extend(attemptID: attemptID, minutes: minutes, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/attempts/\(attemptID)?done=extended")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await renderAttempt(request, context: context, error: refusal.message, status: refusal.status)
        }
    }

    /// The form's minutes (none is 0, which the actions refuse in words).
    private static func minutes(_ context: PageContext) throws -> Int {
        try TeachCoursePageController.number(context.form["minutes"], Message("results.minutes"), { Int($0) }) ?? 0
    }

    // MARK: - Drawing

    /// The live page's title: "Live · " and the exam's.
    private func liveTitle(_ page: TeachLivePage, _ context: PageContext) -> String {
        context.catalogue.string(Message("results.live.title", ["title": .text(page.title)]))
    }

    private func livePage(_ request: Request, context: PageContext, notice: String? = nil) async throws -> TeachLivePage {
        let examID = try TeachCoursePageController.id("examId", context)
        let now = actions.clock.now()
        try await expired.submit(examID: examID, now: now, logger: context.logger)
        guard let exam = try await exams.exams.exam(id: examID, facultyID: context.user.id, logger: context.logger),
            let counts = try await actions.attempts.liveCounts(ofExam: examID, facultyID: context.user.id, now: now, logger: context.logger)
        else { throw FacultyExamActions.noSuchExam(examID) }
        let course = try await courses.course(exam.courseId, facultyID: context.user.id, logger: context.logger)
        // By surname: a page starts at a row (`?from=`), not after an id.
        let from = request.uri.queryParameters.get("from").flatMap { Int($0) }.map { min(max($0, 0), 1_000_000) }
        let rows =
            try await actions.attempts.liveAttempts(
                ofExam: examID, facultyID: context.user.id, offset: from ?? 0, limit: Self.pageSize + 1, logger: context.logger) ?? []
        let items = Array(rows.prefix(Self.pageSize))
        let nextFrom = rows.count > Self.pageSize ? (from ?? 0) + Self.pageSize : nil
        let here = "/teach/exams/\(examID)/live" + (from.map { "?from=\($0)" } ?? "")
        let updated = PageTime.clock(now, timeZone: course.timeZone, language: context.language)
        var page = TeachLivePage(
            examID: examID, courseID: exam.courseId, courseName: course.name, title: exam.title,
            heading: context.catalogue.string(Message("results.live.heading", ["title": .text(exam.title)])),
            counts: TeachLivePage.Counts(counts, updated: updated, catalogue: context.catalogue),
            rows: try await focusCounted(
                items.map { TeachLivePage.row($0, now: now, timeZone: course.timeZone, language: context.language) }, context: context),
            hasRows: !items.isEmpty, here: here,
            fragment: "/teach/exams/\(examID)/live/rows" + (from.map { "?from=\($0)" } ?? ""),
            nextPage: nextFrom.map { "/teach/exams/\(examID)/live?from=\($0)" },
            firstPage: from == nil ? nil : "/teach/exams/\(examID)/live",
            notice: notice)
        page.integrity = TeachLivePage.integrity(exam.policy, catalogue: context.catalogue)
        return page
    }

    private func renderAttempt(
        _ request: Request, context: PageContext, notice: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let attemptID = try TeachCoursePageController.id("attemptId", context)
        let attempts = actions.attempts
        guard let (examID, live) = try await attempts.attempt(attemptID, facultyID: context.user.id, logger: context.logger),
            let exam = try await exams.exams.exam(id: examID, facultyID: context.user.id, logger: context.logger)
        else { throw FacultyAttemptActions.noSuchAttempt(attemptID) }
        let timeZone = try await courses.course(exam.courseId, facultyID: context.user.id, logger: context.logger).timeZone
        let paging = PageRequest(limit: PageRequest.maxLimit, after: request.uri.queryParameters.get("after").flatMap { Int($0) })
        let rows = try await attempts.events(ofAttempt: attemptID, facultyID: context.user.id, page: paging, logger: context.logger) ?? []
        let (items, nextAfter) = paging.page(rows, key: \.id)
        let numbers = try await attempts.questionNumbers(ofAttempt: attemptID, facultyID: context.user.id, logger: context.logger) ?? [:]
        let now = actions.clock.now()
        let summary = live.summary
        let heading = Message("results.attempt.heading", ["student": .text(live.person), "number": .integer(summary.number)])
        var page = TeachAttemptPage(
            id: attemptID, examID: examID, examTitle: exam.title, heading: context.catalogue.string(heading),
            row: TeachLivePage.row(live, now: now, timeZone: timeZone, language: context.language),
            events: items.map {
                TeachAttemptPage.Event(
                    at: PageTime.text($0.event.at, timeZone: timeZone, language: context.language),
                    kind: TeachAttemptPage.Event.kind($0.event.kind, context.catalogue),
                    detail: $0.event.detail.map { AttemptLogDetail($0).text(context.catalogue, numbers: numbers) } ?? "")
            }, hasEvents: !items.isEmpty, nextPage: nextAfter.map { "/teach/attempts/\(attemptID)?after=\($0)" },
            canExtend: summary.submittedAt == nil && summary.deadline != nil, notice: notice, error: error)
        let focus = try await FocusLogReader(pool: attempts.pool).periods(ofAttempt: attemptID, logger: context.logger)
        page.focus = focus.periods.map { TeachAttemptPage.FocusRow($0, timeZone: timeZone, language: context.language) }
        page.hasFocus = !focus.periods.isEmpty
        page.focusDropped =
            focus.dropped > 0 ? context.catalogue.string(Message("integrity.focus-dropped", ["count": .integer(focus.dropped)])) : nil
        return renderer.render(
            "teach-attempt",
            title: context.catalogue.string(Message("results.attempt.title", ["id": .integer(attemptID), "exam": .text(exam.title)])),
            frame: context.frame, page: page, status: status)
    }

    /// The rows with how many times each student left the attempt page.
    private func focusCounted(_ rows: [TeachLivePage.Row], context: PageContext) async throws -> [TeachLivePage.Row] {
        let counts = try await FocusLogReader(pool: actions.attempts.pool).counts(ofAttempts: rows.map(\.id), logger: context.logger)
        return rows.map { row in
            var row = row
            row.focusPeriods =
                counts[row.id].map { context.catalogue.string(Message("integrity.left-times", ["count": .integer($0)])) } ?? ""
            return row
        }
    }
}
