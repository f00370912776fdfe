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

    func addRoutes(to pages: RouterGroup<PageContext>) {
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
        var startingAtOnce = ExamPageController.startingAtOnce
    }

    /// Why a start waits in line, said by the in-line page and by the start form's script.
    static let startingAtOnce = "Many students are starting at once."

    @Sendable func startPage(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try context.parameters.require("examId", as: Int.self)
        return try await show(examID: examID, context: context)
    }

    /// What the in-line page shows when a start was turned away because the server is busy.
    struct InLinePage: Sendable {
        var examID: Int
        var inLine: String
        var isContinue = false
        var startingAtOnce = ExamPageController.startingAtOnce
    }

    @Sendable func start(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try context.parameters.require("examId", as: Int.self)
        let outcome: AttemptRepository.Starting
        do {
            outcome = try await attempts.start(
                examID: examID, studentID: context.user.id, sessionID: context.user.sessionID, now: clock.now(), logger: context.logger)
        } catch {
            return try inLine(examID: examID, after: error, request: request, context: context)
        }
        switch outcome {
        case .started(let attempt), .resumed(let attempt):
            return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)")
        case .notFound:
            throw PageFailure.notFound("No exam \(examID) is open to you.")
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
        let failure = ErrorMiddleware<PageContext>.failure(for: error, logger: context.logger)
        guard failure.status == .serviceUnavailable, let seconds = failure.retryAfter, !PageErrorMiddleware.wantsJSON(request) else {
            throw failure
        }
        let page = InLinePage(
            examID: examID, inLine: "\(Self.startingAtOnce) You are in line: press Start attempt again in \(seconds) seconds.")
        return PageRenderer.retrying(
            after: seconds,
            renderer.render("exam-in-line", title: "You are in line", frame: context.frame, page: page, status: .serviceUnavailable))
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
        else { throw PageFailure.notFound("No exam \(examID) is open to you.") }
        let (exam, standing) = found
        let snapshot = exam.snapshot
        let course = try await enrollments.courses(
            ofStudent: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger
        )
        .first { $0.course.id == snapshot.courseID }?.course
        let isContinue = if case .resume = standing.decision { true } else { false }
        let canStart = if case .refused = standing.decision { false } else { true }
        let page = StartPage(
            examID: snapshot.examID, title: snapshot.title, instructions: exam.instructions,
            hasInstructions: !exam.instructions.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, courseID: snapshot.courseID,
            courseName: course?.name ?? "Course \(snapshot.courseID)", rules: Self.rules(exam, standing: standing),
            state: Self.describe(standing.decision, snapshot: snapshot), canStart: canStart, isContinue: isContinue,
            error: refusal.map { Self.sentence($0, snapshot: snapshot) })
        return renderer.render("exam", title: snapshot.title, frame: context.frame, page: page, status: status)
    }

    /// The rules the start page states, in the course's time zone.
    static func rules(_ exam: StudentExamSnapshots.Listed, standing: ExamStanding) -> [String] {
        let terms = standing.terms
        let timeZone = exam.snapshot.timeZone
        var rules = [
            "\(exam.questionCount) question\(exam.questionCount == 1 ? "" : "s"), worth \(Points.text(exam.maxScore)) points in all."
        ]
        if let limit = PageTime.limit(terms.timeLimitMinutes, base: terms.baseTimeLimitMinutes) {
            rules.append("Time limit: \(limit). The clock starts when you start the attempt and does not stop if you leave the page.")
        } else {
            rules.append("No time limit.")
        }
        if let opens = terms.opensAt { rules.append("Opens \(PageTime.text(opens, timeZone: timeZone)).") }
        if let closes = terms.closesAt {
            rules.append("Closes \(PageTime.text(closes, timeZone: timeZone)): an attempt still running then ends with it.")
        }
        rules.append("Attempts: \(standing.attemptsUsed) of \(terms.maxAttempts) used.")
        rules.append(
            "Your answers are saved as you go. When the time is up, the server submits the answers you saved; "
                + "nothing can change after that.")
        return rules
    }

    /// What the student may do now, in words.
    static func describe(_ decision: StartDecision, snapshot: StudentExamSnapshot) -> String {
        switch decision {
        case .resume: "You have an attempt in progress."
        case .start: "Open now."
        case .refused(let refusal): sentence(refusal, snapshot: snapshot)
        }
    }

    /// Why the student may not start, as the API says it, with times in the course's zone.
    static func sentence(_ refusal: StartRefusal, snapshot: StudentExamSnapshot) -> String {
        refusal.message(exam: snapshot.title, time: { PageTime.text($0, timeZone: snapshot.timeZone) })
    }
}
