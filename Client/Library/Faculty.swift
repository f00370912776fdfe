import ExamPrepShared
import Observation

/// A faculty member's courses, their rosters, exams and grade books.
@Observable
@MainActor
public final class Faculty {
    /// The signed-in faculty member's courses, with codes and enrollment counts.
    public private(set) var courses: [Course] = []
    /// The rosters loaded so far, by course id.
    public internal(set) var rosters: [Int: [RosterEntry]] = [:]
    /// The exams as last loaded (all courses, or one).
    public private(set) var exams: [ExamSummary] = []
    /// The grade books loaded so far, by course id.
    public internal(set) var gradeBooks: [Int: [GradeBookEntry]] = [:]
    /// Who is in each exam loaded so far (`loadAttempts(examId:)`), by exam id.
    public internal(set) var examAttempts: [Int: [FacultyAttemptSummary]] = [:]
    /// Each course's question bank as last loaded whole (`loadQuestions(courseId:)`), by course id.
    public internal(set) var bankQuestions: [Int: [Question]] = [:]

    @ObservationIgnored let session: SessionManager
    @ObservationIgnored private var subscription: EventSubscription?

    public init(session: SessionManager) {
        self.session = session
        subscription = .onSessionEnd(session) { [weak self] in self?.clear() }
    }

    /// `GET /api/faculty/courses`.
    @discardableResult
    public func load() async throws -> [Course] {
        let loaded = try await session.sendAll(.facultyCourses)
        courses = loaded
        return loaded
    }

    /// `POST /api/faculty/courses`: the new course, with the code students enroll with, and
    /// the IANA time zone its deadlines are read in (UTC when nil).
    @discardableResult
    public func create(name: String, description: String, timeZone: String? = nil) async throws -> Course {
        let response = try await session.send(
            .createCourse(CreateCourseRequest(name: name, description: description, timeZone: timeZone)))
        courses.append(response.course)
        return response.course
    }

    private func clear() {
        courses = []
        rosters = [:]
        exams = []
        gradeBooks = [:]
        examAttempts = [:]
        bankQuestions = [:]
    }

    // MARK: - Course management

    /// `PATCH /api/faculty/courses/{courseId}`: a new name, description and/or time zone (nil: unchanged).
    @discardableResult
    public func updateCourse(_ courseId: Int, name: String? = nil, description: String? = nil, timeZone: String? = nil)
        async throws -> Course
    {
        let course = try await session.send(
            .updateCourse(courseId, UpdateCourseRequest(name: name, description: description, timeZone: timeZone)))
        replace(course)
        return course
    }

    /// `DELETE /api/faculty/courses/{courseId}`: with its enrollments, exams and attempts.
    public func deleteCourse(_ courseId: Int) async throws {
        _ = try await session.send(.deleteCourse(courseId))
        courses.removeAll { $0.id == courseId }
        rosters[courseId] = nil
        gradeBooks[courseId] = nil
        exams.removeAll { $0.courseId == courseId }
    }

    /// `POST /api/faculty/courses/{courseId}/code`: the old code stops working.
    @discardableResult
    public func newCode(for courseId: Int) async throws -> Course {
        let course = try await session.send(.newCourseCode(courseId))
        replace(course)
        return course
    }

    /// `GET /api/faculty/courses/{courseId}/students`.
    @discardableResult
    public func loadRoster(_ courseId: Int) async throws -> [RosterEntry] {
        let roster = try await session.sendAll(.roster(courseId))
        rosters[courseId] = roster
        return roster
    }

    /// `DELETE /api/faculty/courses/{courseId}/students/{userId}`: the student keeps their grades.
    public func removeStudent(_ userId: Int, from courseId: Int) async throws {
        _ = try await session.send(.removeStudent(userId, fromCourse: courseId))
        rosters[courseId]?.removeAll { $0.id == userId }
    }

    private func replace(_ course: Course) {
        if let index = courses.firstIndex(where: { $0.id == course.id }) { courses[index] = course } else { courses.append(course) }
    }

    // MARK: - Exams

    /// `GET /api/faculty/exams`, of every course or of one.
    @discardableResult
    public func loadExams(courseId: Int? = nil) async throws -> [ExamSummary] {
        let loaded = try await session.sendAll(.facultyExams(courseId: courseId))
        exams = loaded
        return loaded
    }

    /// `POST /api/faculty/courses/{courseId}/exams`: a draft.
    @discardableResult
    public func createExam(_ draft: ExamDraft, in courseId: Int) async throws -> Exam {
        let exam = try await session.send(.createExam(draft, courseId: courseId))
        exams.append(Self.summary(of: exam))
        return exam
    }

    /// `GET /api/faculty/exams/{examId}`, right answers included.
    public func exam(_ examId: Int) async throws -> Exam {
        try await session.send(.exam(examId))
    }

    /// `PUT /api/faculty/exams/{examId}`: rewrites a draft.
    @discardableResult
    public func replaceExam(_ examId: Int, with draft: ExamDraft) async throws -> Exam {
        track(try await session.send(.replaceExam(examId, draft)))
    }

    @discardableResult
    public func publishExam(_ examId: Int) async throws -> Exam {
        track(try await session.send(.publishExam(examId)))
    }

    @discardableResult
    public func closeExam(_ examId: Int) async throws -> Exam {
        track(try await session.send(.closeExam(examId)))
    }

    /// `POST /api/faculty/exams/{examId}/reopen`: a closed exam published again (409 unless
    /// closed, or once its closing time has passed).
    @discardableResult
    public func reopenExam(_ examId: Int) async throws -> Exam {
        track(try await session.send(APIRequest(.post, APIPaths.reopenExam(examId), requiresAuthentication: true)))
    }

    /// `DELETE /api/faculty/exams/{examId}`: drafts, or exams nobody attempted.
    public func deleteExam(_ examId: Int) async throws {
        _ = try await session.send(.deleteExam(examId))
        exams.removeAll { $0.id == examId }
    }

    private func track(_ exam: Exam) -> Exam {
        let summary = Self.summary(of: exam, attempts: exams.first { $0.id == exam.id }?.attemptCount ?? 0)
        if let index = exams.firstIndex(where: { $0.id == exam.id }) { exams[index] = summary } else { exams.append(summary) }
        return exam
    }

    private static func summary(of exam: Exam, attempts: Int = 0) -> ExamSummary {
        ExamSummary(
            id: exam.id, courseId: exam.courseId, title: exam.title, status: exam.status, questionCount: exam.questions.count,
            totalPoints: exam.totalPoints, attemptCount: attempts, maxAttempts: exam.maxAttempts, timeLimitMinutes: exam.timeLimitMinutes,
            opensAt: exam.opensAt, closesAt: exam.closesAt)
    }

    // MARK: - Grades

    /// `GET /api/faculty/grades?courseId=`: each student's grade at each exam, by its grading method.
    @discardableResult
    public func loadGradeBook(_ courseId: Int) async throws -> [GradeBookEntry] {
        let book = try await session.sendAll(.gradeBook(courseId: courseId))
        gradeBooks[courseId] = book
        return book
    }

    /// The whole grade book as CSV, for a spreadsheet.
    public func gradeBookCSV(_ courseId: Int) async throws -> CSVDocument {
        try await session.send(.gradeBookCSV(courseId: courseId))
    }
}
