import ExamPrepExams
import ExamPrepShared
import Foundation
import Hummingbird

/// `GET /exams/{examId}` (the start page: the exam's rules, this student's time limit and
/// window in the course's time zone, what happens at the end) and `POST
/// /exams/{examId}/attempts` (start or continue, then on to the attempt).
struct ExamPageController {
    let enrollments: EnrollmentRepository
    let studentExams: StudentExamRepository
    let attempts: AttemptRepository
    let expired: ExpiredAttemptRepository
    let renderer: PageRenderer
    let clock: ServerClock
    /// `PUBLIC_URL`'s origin, for Safe Exam Browser's check (`SafeExamBrowserGate`).
    var publicOrigin: String? = nil

    func addRoutes(to students: RouterGroup<PageContext>) {
        let pages = students.group().add(
            middleware: SafeExamBrowserGate<PageContext>(
                integrity: IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache), publicOrigin: publicOrigin))
        pages.get("/exams/:examId", use: startPage)
        pages.post("/exams/:examId/attempts", use: start)
    }

    struct StartPage: Sendable {
        var examID: Int
        var title: String
        var instructions: String
        var hasInstructions: Bool
        var courseID: Int
        var courseName: String
        var rules: [String]
        var state: String
        var canStart: Bool
        var isContinue: Bool
        var error: String?
        /// Why a start waits in line, said by the start form's script.
        var startingAtOnce: String
        /// Whether leaving the attempt page is recorded (the exam's `policy.focusLog`).
        var focusLog = false
    }

    /// Why a start waits in line, said by the in-line page and by the start form's script.
    static let startingAtOnce = Message("student.starting-at-once")

    @Sendable func startPage(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try context.parameters.require("examId", as: Int.self)
        return try await show(examID: examID, context: context)
    }

    /// What the in-line page shows when a start was turned away because the server is busy.
    struct InLinePage: Sendable {
        var examID: Int
        var inLine: String
        var isContinue = false
        var startingAtOnce: String
    }

    @Sendable func start(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try context.parameters.require("examId", as: Int.self)
        let outcome: AttemptRepository.Starting
        // With one place per attempt, a new attempt belongs to this page's place (the form's
        // token, or one made now), which its address carries from page to page.
        let sent = context.form[AttemptPlaceToken.queryName] ?? ""
        let origin = AttemptRepository.Origin(
            sessionID: context.user.sessionID, place: AttemptPlaceToken.isValid(sent) ? sent : AttemptPlaceToken.make())
        do {
            outcome = try await attempts.start(
                examID: examID, studentID: context.user.id, from: origin, now: clock.now(), logger: context.logger)
        } catch {
            return try inLine(examID: examID, after: error, request: request, context: context)
        }
        switch outcome {
        case .started(let attempt, let claim), .resumed(let attempt, let claim):
            guard case .here(let place) = claim else { return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)") }
            return PageRenderer.redirect(to: AttemptPlaceLinks(place: place).path("/attempts/\(attempt.attemptId)"))
        case .notFound:
            throw Self.noSuchExam(examID, context)
        case .refused(let refusal):
            return try await show(examID: examID, refusal: refusal, context: context, status: .conflict)
        }
    }

    /// A start the server was too busy for (503 with `Retry-After`: the wait for a database
    /// connection ran out when a whole class started at once) is not an error to the student:
    /// a page of its own says they are in line, and its form (sent by the page's script after
    /// `Retry-After`, or by the student) starts again. A second start that got through returns
    /// the attempt already open. Rendered without the database, which is what is short.
    /// Any other failure, and an app's web view, get the error as it is.
    private func inLine(examID: Int, after error: any Error, request: Request, context: PageContext) throws -> Response {
        let failure = ErrorMiddleware.failure(for: error, logger: context.logger)
        guard failure.status == .serviceUnavailable, let seconds = failure.retryAfter, !PageErrorMiddleware.wantsJSON(request) else {
            throw failure
        }
        let catalogue = context.catalogue
        let page = InLinePage(
            examID: examID,
            inLine: catalogue.string(Message("student.in-line", ["reason": .message(Self.startingAtOnce), "count": .integer(seconds)])),
            startingAtOnce: catalogue.string(Self.startingAtOnce))
        return PageRenderer.retrying(
            after: seconds,
            renderer.render(
                "exam-in-line", title: catalogue.string(Message("student.in-line-title")), frame: context.frame, page: page,
                status: .serviceUnavailable))
    }

    /// The start page; `refusal` is why a start just failed (the rules may have changed since
    /// the page was shown: a pause, another tab's attempt, the exam closing).
    private func show(examID: Int, refusal: StartRefusal? = nil, context: PageContext, status: HTTPResponse.Status = .ok)
        async throws -> Response
    {
        let now = clock.now()
        try await expired.submit(studentID: context.user.id, now: now, logger: context.logger)
        guard examID > 0,
            let found = try await studentExams.standing(examID: examID, studentID: context.user.id, now: now, logger: context.logger),
            !found.standing.decision.hidesExam
        else { throw Self.noSuchExam(examID, context) }
        let (exam, standing) = found
        let snapshot = exam.snapshot
        let course = try await enrollments.courses(
            ofStudent: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger
        )
        .first { $0.course.id == snapshot.courseID }?.course
        let isContinue = if case .resume = standing.decision { true } else { false }
        let canStart = if case .refused = standing.decision { false } else { true }
        let language = context.language
        var page = StartPage(
            examID: snapshot.examID, title: snapshot.title, instructions: exam.instructions,
            hasInstructions: !exam.instructions.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, courseID: snapshot.courseID,
            courseName: course?.name ?? context.catalogue.string(Message("student.course-number", ["id": .integer(snapshot.courseID)])),
            rules: Self.rules(exam, standing: standing, language: language),
            state: Self.describe(standing.decision, snapshot: snapshot, language: language), canStart: canStart, isContinue: isContinue,
            error: refusal.map { Self.sentence($0, snapshot: snapshot, language: language) },
            startingAtOnce: context.catalogue.string(Self.startingAtOnce))
        page.focusLog = try await IntegrityRepository(pool: attempts.pool, questionCache: attempts.questionCache).keepsFocusLog(
            .exam(examID), logger: context.logger)
        return renderer.render("exam", title: snapshot.title, frame: context.frame, page: page, status: status)
    }

    /// The rules the start page states, in the course's time zone.
    static func rules(_ exam: StudentExamSnapshots.Listed, standing: ExamStanding, language: Language) -> [String] {
        let terms = standing.terms
        let timeZone = exam.snapshot.timeZone
        func moment(_ date: Date) -> MessageValue { .text(PageTime.text(date, timeZone: timeZone, language: language)) }
        var rules = [
            Message(
                "student.rule-questions",
                ["count": .integer(exam.questionCount), "points": .message(Message("attempt.points", ["count": .decimal(exam.maxScore)]))])
        ]
        if let limit = PageTime.limit(terms.timeLimitMinutes, base: terms.baseTimeLimitMinutes, language: language) {
            rules.append(Message("student.rule-time-limit", ["limit": .text(limit)]))
        } else {
            rules.append(Message("student.rule-no-time-limit"))
        }
        if let opens = terms.opensAt { rules.append(Message("student.rule-opens", ["moment": moment(opens)])) }
        if let closes = terms.closesAt { rules.append(Message("student.rule-closes", ["moment": moment(closes)])) }
        rules.append(Message("student.rule-attempts", ["used": .integer(standing.attemptsUsed), "count": .integer(terms.maxAttempts)]))
        rules.append(Message("student.rule-saving"))
        let catalogue = Catalogue.of(language)
        return rules.map { catalogue.string($0) }
    }

    /// What the student may do now, in words.
    static func describe(_ decision: StartDecision, snapshot: StudentExamSnapshot, language: Language) -> String {
        switch decision {
        case .resume: Catalogue.of(language).string(Message("student.attempt-in-progress"))
        case .start: Catalogue.of(language).string(Message("student.open-now"))
        case .refused(let refusal): sentence(refusal, snapshot: snapshot, language: language)
        }
    }

    /// Why the student may not start, as the API says it, with times in the course's zone.
    static func sentence(_ refusal: StartRefusal, snapshot: StudentExamSnapshot, language: Language) -> String {
        Catalogue.of(language).string(
            refusal.message(
                exam: .title(snapshot.title), time: { .text(PageTime.text($0, timeZone: snapshot.timeZone, language: language)) }))
    }

    private static func noSuchExam(_ examID: Int, _ context: PageContext) -> PageFailure {
        .notFound("student.no-such-exam", ["id": .integer(examID)])
    }
}
