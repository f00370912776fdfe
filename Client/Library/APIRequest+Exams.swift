import ExamPrepShared
import Foundation

/// The list routes ask for the largest page, so that `SessionManager.sendAll` follows as
/// few `Link`s as it can.
let largestPage = [URLQueryItem(name: "limit", value: "200")]

// MARK: - Course management (faculty)

extension APIRequest where Response == Course {
    public static func updateCourse(_ courseId: Int, _ body: UpdateCourseRequest) -> Self {
        .init(.patch, APIPaths.facultyCourse(courseId), body: body, requiresAuthentication: true)
    }

    public static func newCourseCode(_ courseId: Int) -> Self {
        .init(.post, APIPaths.courseCode(courseId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == SuccessResponse {
    public static func deleteCourse(_ courseId: Int) -> Self {
        .init(.delete, APIPaths.facultyCourse(courseId), requiresAuthentication: true)
    }

    public static func removeStudent(_ userId: Int, fromCourse courseId: Int) -> Self {
        .init(.delete, APIPaths.rosterStudent(courseId, userId), requiresAuthentication: true)
    }

    public static func unenroll(_ courseId: Int) -> Self {
        .init(.delete, APIPaths.studentCourse(courseId), requiresAuthentication: true)
    }

    public static func deleteExam(_ examId: Int) -> Self {
        .init(.delete, APIPaths.facultyExam(examId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == [RosterEntry] {
    public static func roster(_ courseId: Int) -> Self {
        .init(.get, APIPaths.roster(courseId), queryItems: largestPage, requiresAuthentication: true)
    }
}

// MARK: - Exams (faculty)

extension APIRequest where Response == Exam {
    public static func createExam(_ draft: ExamDraft, courseId: Int) -> Self {
        .init(.post, APIPaths.courseExams(courseId), body: draft, requiresAuthentication: true)
    }

    public static func exam(_ examId: Int) -> Self {
        .init(.get, APIPaths.facultyExam(examId), requiresAuthentication: true)
    }

    public static func replaceExam(_ examId: Int, _ draft: ExamDraft) -> Self {
        .init(.put, APIPaths.facultyExam(examId), body: draft, requiresAuthentication: true)
    }

    public static func publishExam(_ examId: Int) -> Self {
        .init(.post, APIPaths.publishExam(examId), requiresAuthentication: true)
    }

    public static func closeExam(_ examId: Int) -> Self {
        .init(.post, APIPaths.closeExam(examId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == [ExamSummary] {
    public static func facultyExams(courseId: Int? = nil) -> Self {
        let course = courseId.map { [URLQueryItem(name: APIPaths.courseIdQueryItem, value: String($0))] } ?? []
        return .init(.get, APIPaths.facultyExams, queryItems: course + largestPage, requiresAuthentication: true)
    }
}

extension APIRequest where Response == [GradeBookEntry] {
    public static func gradeBook(courseId: Int) -> Self {
        .init(
            .get, APIPaths.facultyGrades,
            queryItems: [URLQueryItem(name: APIPaths.courseIdQueryItem, value: String(courseId))] + largestPage,
            requiresAuthentication: true)
    }
}

extension APIRequest where Response == CSVDocument {
    /// The whole grade book as CSV.
    public static func gradeBookCSV(courseId: Int) -> Self {
        .init(
            .get, APIPaths.facultyGrades, queryItems: [URLQueryItem(name: APIPaths.courseIdQueryItem, value: String(courseId))],
            requiresAuthentication: true, accept: "text/csv")
    }
}

// MARK: - Students

extension APIRequest where Response == [StudentExamSummary] {
    public static var studentExams: Self {
        .init(.get, APIPaths.studentExams, queryItems: largestPage, requiresAuthentication: true)
    }
}

extension APIRequest where Response == StudentAttempt {
    /// Starts an attempt, or returns the one already open. Shed (503 with `Retry-After`: the
    /// server's database connections all busy at the exam's start, or the database failing
    /// over), it waits in line as a sign-in does, and a lost connection sends it once more:
    /// sending it again cannot start a second attempt.
    public static func startAttempt(_ examId: Int) -> Self {
        .init(.post, APIPaths.examAttempts(examId), requiresAuthentication: true).inLine().resendable()
    }

    public static func attempt(_ attemptId: Int) -> Self {
        .init(.get, APIPaths.attempt(attemptId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == SaveAnswersResponse {
    /// Saves answers; a retry of the same save carries the same `idempotencyKey`, so that the
    /// server answers it as it answered the first without saving twice (and with a key, a lost
    /// connection sends it once more).
    public static func saveAnswers(_ attemptId: Int, _ answers: [AnswerInput], idempotencyKey: String? = nil) -> Self {
        var request = Self(
            .put, APIPaths.attemptAnswers(attemptId), body: SaveAnswersRequest(answers: answers), requiresAuthentication: true,
            headers: idempotencyKey.map { [APIPaths.idempotencyKeyHeader: $0] } ?? [:])
        request.resendsOnLostConnection = idempotencyKey != nil
        return request
    }
}

extension APIRequest where Response == AttemptResult {
    /// Submits the attempt, with `answers` saved first when there are any.
    public static func submitAttempt(_ attemptId: Int, finalAnswers answers: [AnswerInput] = []) -> Self {
        .init(
            .post, APIPaths.submitAttempt(attemptId), body: answers.isEmpty ? nil : SaveAnswersRequest(answers: answers),
            requiresAuthentication: true)
    }
}

extension APIRequest where Response == [StudentGrade] {
    public static var studentGrades: Self {
        .init(.get, APIPaths.studentGrades, queryItems: largestPage, requiresAuthentication: true)
    }
}

extension APIRequest where Response == AttemptFlags {
    /// `PUT` (or with `false`, `DELETE`) `/api/students/attempts/{attemptId}/flags/{questionId}`:
    /// flags a question for review; the answer lists every flagged question of the attempt.
    public static func flagQuestion(_ questionId: Int, in attemptId: Int, flagged: Bool = true) -> Self {
        .init(flagged ? .put : .delete, APIPaths.attemptFlag(attemptId, questionId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == AttemptSummary {
    /// `GET /api/students/attempts/{attemptId}/summary`: answered and flagged, before submitting.
    public static func attemptSummary(_ attemptId: Int) -> Self {
        .init(.get, APIPaths.attemptSummary(attemptId), requiresAuthentication: true)
    }
}
