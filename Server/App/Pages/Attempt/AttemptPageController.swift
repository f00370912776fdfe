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
        pages.post("/attempts/:attemptId/place", use: move)
        AttemptScriptRoutes(attempts: attempts, flags: flags, clock: clock, publicOrigin: publicOrigin).addRoutes(to: pages)
    }

    @Sendable func show(_ request: Request, context: PageContext) async throws -> Response {
        let read = try await load(context)
        let attempt = read.attempt
        // A script that asks for JSON gets the attempt as the API's GET gives it.
        if PageErrorMiddleware.wantsJSON(request) { return try attempt.response(from: request, context: context) }
        if attempt.submittedAt != nil {
            let page = AttemptReview(
                attempt: attempt, justSubmitted: PageNotice.shows("attempt.just-submitted", at: context.path), catalogue: context.catalogue,
                pictures: try await pictures(of: attempt.questions, context))
            let title = context.catalogue.string(Message("attempt.review-title", ["title": .text(attempt.title)]))
            return renderer.render("review", title: title, frame: context.frame, page: page)
        }
        let number = request.uri.queryParameters.get("q").flatMap { Int($0) } ?? 1
        // Read with a running attempt; otherwise in a statement of their own.
        let rules: AttemptIntegrity?
        if let integrity = read.integrity {
            rules = integrity
        } else {
            rules = try await IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache).rules(
                .attempt(attempt.attemptId), logger: context.logger)
        }
        let access = AttemptAccess(request, publicOrigin: publicOrigin)
        // Another place opening a one-place attempt is told where it is open, and may move it here.
        if let rules, case .elsewhere(let since) = access.verdict(rules) {
            let page = AttemptElsewherePage(attempt: attempt, since: since, catalogue: context.catalogue)
            return renderer.render("attempt-elsewhere", title: attempt.title, frame: context.frame, page: page)
        }
        return question(
            read, number: number, focusLog: rules?.focusLog ?? false, pictures: try await pictures(of: attempt.questions, context),
            links: AttemptPlaceLinks(place: access.place), context: context)
    }

    /// Moves a one-place attempt to this page's place (the form's `place`, made when the page
    /// was drawn), then shows it there.
    @Sendable func move(_ request: Request, context: PageContext) async throws -> Response {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let sent = context.form[AttemptPlaceToken.queryName] ?? ""
        let place = AttemptPlaceToken.isValid(sent) ? sent : AttemptPlaceToken.make()
        do {
            let moved = try await actions.move(attemptID: attemptID, studentID: context.user.id, place: place, logger: context.logger)
            return PageRenderer.redirect(to: AttemptPlaceLinks(place: moved.place).path("/attempts/\(attemptID)"))
        } catch let refusal as StudentAttemptActions.Refusal {
            switch refusal {
            case .noSuchAttempt: throw Self.noSuchAttempt(attemptID, context)
            default: return PageRenderer.redirect(to: "/attempts/\(attemptID)")
            }
        }
    }

    /// Saves the form's answer in one transaction that reads nothing else of the attempt
    /// (`StudentAttemptActions.saveForm`: its fields become the answer there, and Safe Exam
    /// Browser and the one place are checked there, with the attempt, not by the gate), then
    /// goes where the form's `go` said. The page reads only the form's `question`, its save
    /// `key` (`Idempotency-Key`) and `go`.
    @Sendable func save(_ request: Request, context: PageContext) async throws -> Response {
        let attemptID = try context.parameters.require("attemptId", as: Int.self)
        let sent = context.form
        let questionID = sent["question"].flatMap { Int($0) }
        let access = AttemptAccess(request, publicOrigin: publicOrigin)
        let links = AttemptPlaceLinks(place: access.place)
        let saved: StudentAttemptActions.FormSave
        do {
            saved = try await actions.saveForm(
                questionID: questionID, fields: { sent.all($0) }, idempotencyKey: sent["key"].flatMap { $0.isEmpty ? nil : $0 },
                attemptID: attemptID, studentID: context.user.id, access: access, logger: context.logger)
        } catch let refusal as StudentAttemptActions.Refusal {
            switch refusal {
            case .submitted, .pastDeadline, .keyReused: return PageRenderer.redirect(to: "/attempts/\(attemptID)")
            case .noSuchQuestion: throw PageFailure.badRequest("attempt.form-names-no-question")
            // As the gate answered them: a 403 page, a 409 (`moved_away` for the page's script).
            case .safeExamBrowserRequired, .elsewhere: throw refusal.failure
            case .noSuchAttempt, .flagsOver, .notMovable, .tooManyMoves: throw Self.noSuchAttempt(attemptID, context)
            }
        }
        if let typed = saved.notANumber {
            // Shown again with its message: the one form save that reads the attempt as shown.
            let read = try await load(context)
            return question(
                read, number: saved.number, typed: typed, error: context.catalogue.string(Message("attempt.write-a-number")),
                status: .badRequest, pictures: try await pictures(of: read.attempt.questions, context), links: links, context: context)
        }
        let target: Int
        switch Go(sent["go"]) {
        case .next: target = saved.number + 1
        case .previous: target = saved.number - 1
        case .question(let number): target = number
        case .stay: target = saved.number
        case .finish: return PageRenderer.redirect(to: links.path("/attempts/\(attemptID)/summary"))
        case .flag:
            do {
                _ = try await actions.flag(
                    .toggle, attemptID: attemptID, questionID: questionID ?? 0, studentID: context.user.id, logger: context.logger)
            } catch is StudentAttemptActions.Refusal {
                // A flag that cannot change (the attempt ended meanwhile) is left as it is: the
                // page shows the attempt as it stands.
            }
            target = saved.number
        }
        let number = min(max(target, 1), max(saved.questionCount, 1))
        return PageRenderer.redirect(to: links.path("/attempts/\(attemptID)?q=\(number)"))
    }

    /// Where the form goes after its save: the button pressed (`go`).
    enum Go: Sendable, Equatable {
        case next, previous, finish, flag
        case question(Int)
        case stay

        init(_ raw: String?) {
            self =
                switch raw ?? "" {
                case "next": .next
                case "previous": .previous
                case "finish": .finish
                case "flag": .flag
                case let other where other.hasPrefix("q"): Int(other.dropFirst()).map(Go.question) ?? .stay
                default: .stay
                }
        }
    }

    @Sendable func summary(_ request: Request, context: PageContext) async throws -> Response {
        let read = try await load(context)
        let attempt = read.attempt
        guard attempt.submittedAt == nil else { return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)") }
        var page = AttemptSummaryPage(
            attempt: attempt, summary: AttemptSummary(attempt: attempt, flagged: Set(read.flagged)), catalogue: context.catalogue)
        page.carry(AttemptPlaceLinks(place: AttemptAccess(request, publicOrigin: publicOrigin).place))
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
        focusLog: Bool = false, pictures: PictureSizes = .none, links: AttemptPlaceLinks = AttemptPlaceLinks(), context: PageContext
    ) -> Response {
        var page = AttemptPage(
            attempt: read.attempt, number: number, flags: Set(read.flagged), now: clock.now(), catalogue: context.catalogue, typed: typed,
            error: error, pictures: pictures)
        page.focusLog = focusLog
        page.carry(links)
        return renderer.render("attempt", title: page.title, frame: context.frame, page: page, status: status)
    }

    /// The size of the pictures `questions` show, in one statement (none without pictures).
    private func pictures(of questions: [StudentQuestion], _ context: PageContext) async throws -> PictureSizes {
        try await MediaRepository(pool: attempts.pool).sizes(of: questions, logger: context.logger)
    }

    static func noSuchAttempt(_ attemptID: Int, _ context: PageContext) -> PageFailure {
        PageFailure.notFound("attempt.no-attempt", ["number": .integer(attemptID)])
    }
}
