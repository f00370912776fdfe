import ExamPrepShared
import Foundation
import Logging

/// A student's practice, one implementation for the API (`/api/students/…/practice`,
/// `/api/students/review/due`, `/api/students/mistakes`) and the practice pages: a session of a
/// course's practice questions, each answer checked at once (never counted toward grades), the
/// questions due for review and the student's mistakes, within the per-account limits. Knows
/// no HTTP: a refusal is a `Refusal` carrying its sentence, which each face answers as it
/// answers (`Refusal.failure`).
struct StudentPracticeActions: Sendable {
    let practice: PracticeRepository
    let reviews: ReviewRepository
    let enrollments: EnrollmentRepository
    let limiter: RateLimiter
    let clock: ServerClock

    /// Why practice was refused, each with its sentence.
    enum Refusal: Error, Sendable, Equatable {
        /// Not enrolled in the course (nil: the student named none).
        case notEnrolled(courseID: Int?)
        /// Not the student's session, or of a course they left.
        case noSession(practiceID: Int)
        case notInSession(practiceID: Int, questionID: Int)
        /// Answered in this session already: a new session practises it again.
        case answered(practiceID: Int, questionID: Int)
        /// The question may come up in an exam students are sitting now.
        case inOpenExam(questionID: Int)
        case limited(RateLimiter.Refusal)

        var message: Message {
            switch self {
            case .notEnrolled(let course):
                Message("practice.not-enrolled", ["course": course.map(MessageValue.integer) ?? .text("?")])
            case .noSession(let practice): Message("practice.no-session", ["number": .integer(practice)])
            case .notInSession(let practice, let question):
                Message("api-student.not-in-practice", ["question": .integer(question), "practice": .integer(practice)])
            case .answered(let practice, let question):
                Message("api-student.practice-answered", ["question": .integer(question), "practice": .integer(practice)])
            case .inOpenExam: Message("practice.in-open-exam")
            case .limited(let refusal): refusal.message
            }
        }
    }

    /// A new session of the course's practice questions (empty when there is nothing to practise).
    func start(courseID: Int, _ request: PracticeRequest, studentID: Int, logger: Logger) async throws -> PracticeSession {
        let choice = try PracticeValidation.choice(request)
        try await admit(.practiceSessionsPerStudent, studentID: studentID, logger: logger)
        guard
            let session = try await practice.start(
                courseID: courseID, studentID: studentID, choice: choice, now: clock.now(), logger: logger)
        else { throw Refusal.notEnrolled(courseID: courseID) }
        return session
    }

    /// Checks one answer of the session at once and moves its question's review schedule.
    func answer(_ answer: PracticeAnswer, practiceID: Int, studentID: Int, logger: Logger) async throws -> PracticeFeedback {
        try await admit(.practiceAnswersPerStudent, studentID: studentID, logger: logger)
        switch try await practice.answer(
            practiceID: practiceID, studentID: studentID, answer: answer, now: clock.now(), logger: logger,
            check: PracticeValidation.answer)
        {
        case .answered(let feedback): return feedback
        case .notFound: throw Refusal.noSession(practiceID: practiceID)
        case .notInSession: throw Refusal.notInSession(practiceID: practiceID, questionID: answer.questionId)
        case .alreadyAnswered: throw Refusal.answered(practiceID: practiceID, questionID: answer.questionId)
        case .inOpenExam: throw Refusal.inOpenExam(questionID: answer.questionId)
        }
    }

    /// The session with how each answered question went.
    func progress(practiceID: Int, studentID: Int, logger: Logger) async throws -> PracticeProgress {
        guard let progress = try await practice.progress(practiceID: practiceID, studentID: studentID, logger: logger) else {
            throw Refusal.noSession(practiceID: practiceID)
        }
        return progress
    }

    /// The questions due for review today, in one course or all of the student's.
    func due(studentID: Int, courseID: Int?, page: TimePageRequest, logger: Logger) async throws
        -> [(item: DueReview, key: TimePageRequest.Key)]
    {
        guard let rows = try await reviews.due(studentID: studentID, courseID: courseID, page: page, now: clock.now(), logger: logger)
        else { throw Refusal.notEnrolled(courseID: courseID) }
        return rows
    }

    /// The questions the student got wrong and not right since.
    func mistakes(studentID: Int, courseID: Int?, page: TimePageRequest, logger: Logger) async throws
        -> [(item: Mistake, key: TimePageRequest.Key)]
    {
        guard
            let rows = try await reviews.mistakes(
                studentID: studentID, courseID: courseID, page: page, now: clock.now(), logger: logger)
        else { throw Refusal.notEnrolled(courseID: courseID) }
        return rows
    }

    /// The courses the student may practise in.
    func courses(studentID: Int, logger: Logger) async throws -> [EnrolledCourse] {
        try await enrollments.courses(ofStudent: studentID, page: PageRequest(limit: PageRequest.maxLimit), logger: logger).map(\.course)
    }

    private func admit(_ kind: RateLimiter.Kind, studentID: Int, logger: Logger) async throws {
        if case .limited(let refusal) = try await limiter.write(kind, userID: studentID, logger: logger) {
            throw Refusal.limited(refusal)
        }
    }
}
