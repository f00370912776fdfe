import ExamPrepShared
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
    /// The student's best grade per exam, as last loaded.
    public private(set) var grades: [StudentGrade] = []
    /// The courses the signed-in student is enrolled in.
    public private(set) var enrolledCourses: [EnrolledCourse] = []
    /// Every course on offer (no codes: those come from the faculty member).
    public private(set) var catalogue: [CatalogueCourse] = []

    @ObservationIgnored private let session: SessionManager
    @ObservationIgnored private var subscription: EventSubscription?

    public init(session: SessionManager) {
        self.session = session
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
    /// (with what was saved in it), to resume.
    @discardableResult
    public func startAttempt(examId: Int) async throws -> StudentAttempt {
        let started = try await session.send(.startAttempt(examId))
        attempt = started
        return started
    }

    /// `GET /api/students/attempts/{attemptId}`: graded by the server if its time is up.
    @discardableResult
    public func loadAttempt(_ attemptId: Int) async throws -> StudentAttempt {
        let loaded = try await session.send(.attempt(attemptId))
        attempt = loaded
        return loaded
    }

    /// `PUT /api/students/attempts/{attemptId}/answers`: saves (or, when empty, clears)
    /// answers; may be called as often as the student changes their mind.
    @discardableResult
    public func save(_ answers: [AnswerInput], in attemptId: Int) async throws -> SaveAnswersResponse {
        let response = try await session.send(.saveAnswers(attemptId, answers))
        if var current = attempt, current.attemptId == attemptId {
            let changed = Set(answers.map(\.questionId))
            current.answers.removeAll { changed.contains($0.questionId) }
            current.answers += answers.filter { !$0.isEmpty }
            attempt = current
        }
        return response
    }

    /// `POST /api/students/attempts/{attemptId}/submit`, with last answers saved first.
    @discardableResult
    public func submit(_ attemptId: Int, finalAnswers: [AnswerInput] = []) async throws -> AttemptResult {
        let result = try await session.send(.submitAttempt(attemptId, finalAnswers: finalAnswers))
        if var current = attempt, current.attemptId == attemptId {
            current.submittedAt = result.submittedAt
            current.result = result
            attempt = current
        }
        return result
    }

    /// `GET /api/students/grades`: the best attempt per exam.
    @discardableResult
    public func loadGrades() async throws -> [StudentGrade] {
        let loaded = try await session.sendAll(.studentGrades)
        grades = loaded
        return loaded
    }
}
