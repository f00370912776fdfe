import ExamPrepShared
import Foundation
import Observation

/// A student's enrolled courses, the public catalogue, exams, attempts and grades.
@Observable
@MainActor
public final class Student {
    /// The published exams of the student's courses, as last loaded.
    public private(set) var exams: [StudentExamSummary] = []
    /// The attempt being taken (or last read), with its saved answers and, once submitted,
    /// its result.
    public private(set) var attempt: StudentAttempt?
    /// The student's grade per exam (by its grading method), as last loaded.
    public private(set) var grades: [StudentGrade] = []
    /// The courses the signed-in student is enrolled in.
    public internal(set) var enrolledCourses: [EnrolledCourse] = []
    /// Every course on offer (no codes: those come from the faculty member).
    public private(set) var catalogue: [CatalogueCourse] = []
    /// The answers of the attempt being taken on their way to the server: what is saved,
    /// pending and failed, and whether the server can be reached.
    public let answers: AnswerQueue
    /// The practice session under way (`Student+Practice`), and how each answer went.
    public internal(set) var practice: PracticeSession?
    public internal(set) var practiceFeedback: [Int: PracticeFeedback] = [:]
    /// The questions due for review today and the student's mistakes, as last loaded.
    public internal(set) var dueReviews: [DueReview] = []
    public internal(set) var mistakes: [Mistake] = []

    /// This device's place (`X-ExamPrep-Place`): an attempt of an exam with one place per attempt
    /// belongs to the place that started it, or last moved it (`moveHere`).
    public let place: String
    @ObservationIgnored let session: SessionManager
    @ObservationIgnored private var subscription: EventSubscription?

    /// - Parameters:
    ///   - answerDirectory: where unsent answers are kept between launches (nil: in memory only).
    ///   - place: this device's place token (`AttemptPlaceToken`; nil or malformed: a new one),
    ///     for an app that keeps its place between launches.
    public init(session: SessionManager, answerDirectory: URL? = nil, place: String? = nil) {
        self.session = session
        self.place = place.flatMap { AttemptPlaceToken.isValid($0) ? $0 : nil } ?? AttemptPlaceToken.make()
        answers = AnswerQueue(session: session, directory: answerDirectory)
        answers.place = self.place
        subscription = .onSessionEnd(session) { [weak self] in self?.clear() }
    }

    /// `GET /api/students/courses`.
    @discardableResult
    public func load() async throws -> [EnrolledCourse] {
        let loaded = try await session.sendAll(.enrolledCourses)
        enrolledCourses = loaded
        return loaded
    }

    /// `POST /api/students/courses/enroll` with a course code (any case).
    @discardableResult
    public func enroll(code: String) async throws -> Enrollment {
        let response = try await session.send(.enroll(EnrollRequest(courseCode: code)))
        let course = response.enrollment.course
        enrolledCourses.removeAll { $0.id == course.id }
        enrolledCourses.append(course)
        return response.enrollment
    }

    /// `GET /api/courses`: public, no sign-in needed.
    @discardableResult
    public func loadCatalogue() async throws -> [CatalogueCourse] {
        let loaded = try await session.sendAll(.catalogue)
        catalogue = loaded
        return loaded
    }

    private func clear() {
        enrolledCourses = []
        exams = []
        attempt = nil
        grades = []
        practice = nil
        practiceFeedback = [:]
        dueReviews = []
        mistakes = []
        answers.close()
    }

    /// `DELETE /api/students/courses/{courseId}`: grades stay.
    public func unenroll(_ courseId: Int) async throws {
        _ = try await session.send(.unenroll(courseId))
        enrolledCourses.removeAll { $0.id == courseId }
        exams.removeAll { $0.courseId == courseId }
    }

    // MARK: - Exams

    /// `GET /api/students/exams`.
    @discardableResult
    public func loadExams() async throws -> [StudentExamSummary] {
        let loaded = try await session.sendAll(.studentExams)
        exams = loaded
        return loaded
    }

    /// `POST /api/students/exams/{examId}/attempts`: a new attempt, or the one already open
    /// (with what was saved in it, and the answers still queued on this device), to resume.
    @discardableResult
    public func startAttempt(examId: Int) async throws -> StudentAttempt {
        take(try await session.send(.startAttempt(examId).inPlace(place)))
    }

    /// `GET /api/students/attempts/{attemptId}`: graded by the server if its time is up.
    @discardableResult
    public func loadAttempt(_ attemptId: Int) async throws -> StudentAttempt {
        take(try await session.send(.attempt(attemptId)))
    }

    /// Gives an answer (an empty one clears its question): it is queued on this device at
    /// once, then sent (`AnswerQueue`). Returns where it stands: `.saved`, or `.pending` when
    /// the server cannot be reached (the queue tries again by itself), or `.failed` when the
    /// server refused it (the attempt has ended). Throws only when the attempt cannot be read
    /// (to open it) or the queue cannot be written.
    @discardableResult
    public func answer(_ answer: AnswerInput, in attemptId: Int) async throws -> AnswerState {
        if answers.attemptId != attemptId { try await loadAttempt(attemptId) }
        let queued = try answers.enqueue(answer)
        if var current = attempt, current.attemptId == attemptId {
            current.answers.removeAll { $0.questionId == queued.questionId }
            if !queued.isEmpty { current.answers.append(queued) }
            attempt = current
        }
        await answers.send()
        return answers.state(of: answer.questionId)
    }

    /// `PUT /api/students/attempts/{attemptId}/answers` at once, without the queue: the answer
    /// is the server's, or the call throws. `answer(_:in:)` is what an exam screen wants.
    @discardableResult
    public func save(_ answers: [AnswerInput], in attemptId: Int) async throws -> SaveAnswersResponse {
        let response = try await session.send(.saveAnswers(attemptId, answers).inPlace(place))
        if var current = attempt, current.attemptId == attemptId {
            let changed = Set(answers.map(\.questionId))
            current.answers.removeAll { changed.contains($0.questionId) }
            current.answers += answers.filter { !$0.isEmpty }
            attempt = current
        }
        return response
    }

    /// `POST /api/students/attempts/{attemptId}/submit`: the queued answers (and
    /// `finalAnswers`) go with it, so that the server stores them first while the attempt
    /// runs. When it cannot be sent, the queue keeps them and this throws.
    @discardableResult
    public func submit(_ attemptId: Int, finalAnswers: [AnswerInput] = []) async throws -> AttemptResult {
        var finals = finalAnswers
        if answers.attemptId == attemptId {
            for answer in finalAnswers { _ = try answers.enqueue(answer) }
            await answers.send()
            finals = answers.answersForSubmit
        }
        let result = try await session.send(.submitAttempt(attemptId, finalAnswers: finals).inPlace(place))
        answers.finish(attemptId)
        if var current = attempt, current.attemptId == attemptId {
            current.submittedAt = result.submittedAt
            current.result = result
            attempt = current
        }
        return result
    }

    /// `GET /api/students/grades`: the grade per exam, by its grading method.
    @discardableResult
    public func loadGrades() async throws -> [StudentGrade] {
        let loaded = try await session.sendAll(.studentGrades)
        grades = loaded
        return loaded
    }

    /// Keeps the attempt, with the answers this device still has queued for it in place.
    private func take(_ loaded: StudentAttempt) -> StudentAttempt {
        let shown = answers.open(loaded)
        attempt = shown
        if !answers.pending.isEmpty { Task { await answers.send() } }
        return shown
    }
}
