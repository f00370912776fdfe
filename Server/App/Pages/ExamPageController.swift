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
    let expired: ExpiredAttempts
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
    }

    @Sendable func startPage(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try context.parameters.require("examId", as: Int.self)
        return try await show(examID: examID, error: nil, context: context)
    }

    @Sendable func start(_ request: Request, context: PageContext) async throws -> Response {
        let examID = try context.parameters.require("examId", as: Int.self)
        let now = clock.now()
        let message: String
        switch try await attempts.start(examID: examID, studentID: context.user.id, now: now, logger: context.logger) {
        case .started(let attempt), .resumed(let attempt):
            return PageRenderer.redirect(to: "/attempts/\(attempt.attemptId)")
        case .notFound:
            throw PageFailure.notFound("No exam \(examID) is open to you.")
        case .noAttemptsLeft(let maxAttempts):
            message = "You have used all \(maxAttempts) attempt\(maxAttempts == 1 ? "" : "s") at this exam."
        case .notOpenYet(let opensAt):
            message = "This exam opens at \(try await timeText(opensAt, examID: examID, context: context))."
        case .closed:
            message = "This exam is closed."
        case .noQuestions:
            message = "This exam has no questions to give you; tell your teacher."
        case .tooSoon(let nextAt, let pause):
            message =
                "This exam asks for a pause of \(pause) minutes between attempts. You can start again at "
                + "\(try await timeText(nextAt, examID: examID, context: context))."
        }
        return try await show(examID: examID, error: message, context: context, status: .conflict)
    }

    private func timeText(_ date: Date, examID: Int, context: PageContext) async throws -> String {
        PageTime.text(date, timeZone: try await exam(examID, context: context)?.timeZone ?? "UTC")
    }

    /// The exam as the student's list has it (the list's page that starts at it).
    private func exam(_ examID: Int, context: PageContext) async throws -> StudentExamSummary? {
        guard examID > 0 else { return nil }
        return try await studentExams.exams(
            ofStudent: context.user.id, page: PageRequest(limit: 1, after: examID - 1), now: clock.now(), logger: context.logger
        ).first { $0.id == examID }
    }

    private func show(examID: Int, error: String?, context: PageContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        let now = clock.now()
        try await expired.submit(studentID: context.user.id, now: now, logger: context.logger)
        guard let exam = try await exam(examID, context: context) else { throw PageFailure.notFound("No exam \(examID) is open to you.") }
        let course = try await enrollments.courses(
            ofStudent: context.user.id, page: PageRequest(limit: PageRequest.maxLimit), logger: context.logger
        )
        .first { $0.course.id == exam.courseId }?.course
        let availability = ExamAvailability(exam, now: now)
        let isContinue = if case .continueAttempt = availability { true } else { false }
        let page = StartPage(
            examID: exam.id, title: exam.title, instructions: exam.instructions,
            hasInstructions: !exam.instructions.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, courseID: exam.courseId,
            courseName: course?.name ?? "Course \(exam.courseId)", rules: Self.rules(exam),
            state: Self.describe(availability, exam: exam), canStart: availability.canStart, isContinue: isContinue, error: error)
        return renderer.render("exam", title: exam.title, frame: context.frame, page: page, status: status)
    }

    /// The rules the start page states, in the course's time zone.
    static func rules(_ exam: StudentExamSummary) -> [String] {
        var rules = [
            "\(exam.questionCount) question\(exam.questionCount == 1 ? "" : "s"), worth \(Points.text(exam.maxScore)) points in all."
        ]
        if let limit = PageTime.limit(exam.timeLimitMinutes, base: exam.baseTimeLimitMinutes) {
            rules.append("Time limit: \(limit). The clock starts when you start the attempt and does not stop if you leave the page.")
        } else {
            rules.append("No time limit.")
        }
        if let opens = exam.opensAt { rules.append("Opens \(PageTime.text(opens, timeZone: exam.timeZone)).") }
        if let closes = exam.closesAt {
            rules.append("Closes \(PageTime.text(closes, timeZone: exam.timeZone)): an attempt still running then ends with it.")
        }
        rules.append("Attempts: \(exam.attemptsUsed) of \(exam.maxAttempts) used.")
        rules.append(
            "Your answers are saved as you go. When the time is up, the server submits the answers you saved; "
                + "nothing can change after that.")
        return rules
    }

    /// What the student may do now, in words.
    static func describe(_ availability: ExamAvailability, exam: StudentExamSummary) -> String {
        switch availability {
        case .continueAttempt: "You have an attempt in progress."
        case .start: "Open now."
        case .opensAt(let date): "Opens \(PageTime.text(date, timeZone: exam.timeZone))."
        case .closed: "Closed."
        case .noAttemptsLeft(let maxAttempts): "No attempts left: you have used all \(maxAttempts)."
        }
    }
}
