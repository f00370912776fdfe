import ExamPrepShared
import Foundation
import Hummingbird

/// A student's attempt in the browser, working without JavaScript: `GET /attempts/{attemptId}`
/// (`?q=N`: question N; a submitted attempt shows its review), `POST /attempts/{attemptId}` (save
/// the page's answer, then Next, Previous, Flag for review, a question of the panel or Finish
/// attempt), `GET …/summary` (answered and flagged before submitting) and `POST …/submit`
/// (Submit all and finish). Each save and flag is the API's (`StudentAttemptActions`). With
/// `Accept: application/json`, `GET /attempts/{attemptId}` answers the attempt as the API does.
struct AttemptPageController {
    let attempts: AttemptRepository
    let flags: AttemptFlagRepository
    let expired: ExpiredAttemptRepository
    let renderer: PageRenderer
    let clock: ServerClock
    /// `PUBLIC_URL`'s origin, for Safe Exam Browser's check (`SafeExamBrowserGate`).
    var publicOrigin: String? = nil

    private var reader: AttemptReader { AttemptReader(attempts: attempts, expired: expired, flags: flags) }
    private var actions: StudentAttemptActions { StudentAttemptActions(attempts: attempts, flags: flags, clock: clock) }

    func addRoutes(to students: RouterGroup<PageContext>) {
        let pages = students.group().add(
            middleware: SafeExamBrowserGate<PageContext>(
                integrity: IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache), publicOrigin: publicOrigin))
        pages.get("/attempts/:attemptId", use: show)
        pages.post("/attempts/:attemptId", use: save)
        pages.get("/attempts/:attemptId/summary", use: summary)
        pages.post("/attempts/:attemptId/submit", use: submit)
        AttemptScriptRoutes(attempts: attempts, flags: flags, clock: clock).addRoutes(to: pages)
    }

    @Sendable func show(_ request: Request, context: PageContext) async throws -> Response {
        let read = try await load(context)
        let attempt = read.attempt
        // A script that asks for JSON gets the attempt as the API's GET gives it.
        if PageErrorMiddleware.wantsJSON(request) { return try attempt.response(from: request, context: context) }
        if attempt.submittedAt != nil {
            let page = AttemptReview(
                attempt: attempt, justSubmitted: request.uri.queryParameters.get("done") == "submitted", catalogue: context.catalogue)
            let title = context.catalogue.string(Message("attempt.review-title", ["title": .text(attempt.title)]))
            return renderer.render("review", title: title, frame: context.frame, page: page)
        }
        let number = request.uri.queryParameters.get("q").flatMap { Int($0) } ?? 1
        let focusLog = try await IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache).keepsFocusLog(
            .attempt(attempt.attemptId), logger: context.logger)
        return question(read, number: number, focusLog: focusLog, context: context)
    }

    @Sendable func save(_ request: Request, context: PageContext) async throws -> Response {
        let read = try await load(context)
        let attempt = read.attempt
        guard attempt.submittedAt == nil else { return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)") }
        let form = try AttemptForm(context.form, questions: attempt.questions)
        if let badNumber = form.badNumber {
            return question(
                read, number: form.number, typed: badNumber, error: context.catalogue.string(Message("attempt.write-a-number")),
                status: .badRequest, context: context)
        }
        if let answer = form.answer {
            /// The save's refusal, if any (`StudentAttemptActions`, as the API's and the script's).
            func save(key: String?) async throws -> StudentAttemptActions.Refusal? {
                do {
                    _ = try await actions.save(
                        [answer], attemptID: attempt.attemptId, idempotencyKey: key, studentID: context.user.id, logger: context.logger)
                    return nil
                } catch let refusal as StudentAttemptActions.Refusal {
                    return refusal
                }
            }
            var refusal = try await save(key: form.saveKey)
            if case .keyReused = refusal {
                // The same page's form, sent again with another answer (changed while the first
                // was on its way, or after going back): the answer on the screen is the one the
                // student means, so it is saved as a new save.
                refusal = try await save(key: nil)
            }
            switch refusal {
            case nil, .keyReused: break
            case .submitted, .pastDeadline: return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)")
            case .noSuchAttempt, .noSuchQuestion, .flagsOver: throw Self.noSuchAttempt(attempt.attemptId, context)
            }
        }
        let target: Int
        switch form.go {
        case .next: target = form.number + 1
        case .previous: target = form.number - 1
        case .question(let number): target = number
        case .stay: target = form.number
        case .finish: return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)/summary")
        case .flag:
            do {
                _ = try await actions.setFlag(
                    !read.flagged.contains(form.questionID), attemptID: attempt.attemptId, questionID: form.questionID,
                    studentID: context.user.id, logger: context.logger)
            } catch is StudentAttemptActions.Refusal {
                // A flag that cannot change (the question is not the attempt's, or it ended) is
                // left as it is: the page shows the attempt as it stands.
            }
            target = form.number
        }
        let number = min(max(target, 1), max(attempt.questions.count, 1))
        return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)?q=\(number)")
    }

    @Sendable func summary(_ request: Request, context: PageContext) async throws -> Response {
        let read = try await load(context)
        let attempt = read.attempt
        guard attempt.submittedAt == nil else { return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)") }
        let page = AttemptSummaryPage(
            attempt: attempt, summary: AttemptSummary(attempt: attempt, flagged: Set(read.flagged)), catalogue: context.catalogue)
        let title = context.catalogue.string(Message("attempt.summary-title", ["title": .text(attempt.title)]))
        return renderer.render("summary", title: title, frame: context.frame, page: page)
    }

    @Sendable func submit(_ request: Request, context: PageContext) async throws -> Response {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        switch try await attempts.submit(
            attemptID: attemptID, studentID: context.user.id, finalAnswers: [], now: clock.now(), logger: context.logger)
        {
        case .submitted, .alreadySubmitted: return PageRenderer.redirect(to: "/attempts/\(attemptID)?done=submitted")
        case .notFound: throw Self.noSuchAttempt(attemptID, context)
        }
    }

    /// The student's attempt and its flags; past its deadline it is submitted first (with what
    /// was saved).
    private func load(_ context: PageContext) async throws -> AttemptReader.Read {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        guard let read = try await reader.read(attemptID: attemptID, studentID: context.user.id, now: clock.now(), logger: context.logger)
        else { throw Self.noSuchAttempt(attemptID, context) }
        return read
    }

    private func question(
        _ read: AttemptReader.Read, number: Int, typed: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok,
        focusLog: Bool = false, context: PageContext
    ) -> Response {
        var page = AttemptPage(
            attempt: read.attempt, number: number, flags: Set(read.flagged), now: clock.now(), catalogue: context.catalogue, typed: typed,
            error: error)
        page.focusLog = focusLog
        return renderer.render("attempt", title: page.title, frame: context.frame, page: page, status: status)
    }

    static func noSuchAttempt(_ attemptID: Int, _ context: PageContext) -> PageFailure {
        PageFailure.notFound("attempt.no-attempt", ["number": .integer(attemptID)])
    }
}
