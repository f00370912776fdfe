import Foundation

/// Every path of the API, in one place for the server's router and the client's requests.
public enum APIPaths {
    public static let register = "/api/register"
    public static let login = "/api/login"
    public static let roles = "/api/roles"
    public static let catalogue = "/api/courses"
    public static let me = "/api/me"
    public static let mePassword = "/api/me/password"
    public static let meSessions = "/api/me/sessions"
    public static let facultyCourses = "/api/faculty/courses"
    public static let studentCourses = "/api/students/courses"
    public static let enroll = "/api/students/courses/enroll"
    public static let refreshToken = "/api/token/refresh"
    public static let logout = "/api/logout"
    public static let facultyExams = "/api/faculty/exams"
    public static let facultyGrades = "/api/faculty/grades"
    public static let studentExams = "/api/students/exams"
    public static let studentAttempts = "/api/students/attempts"
    public static let studentGrades = "/api/students/grades"
    public static let health = "/health"
    public static let ready = "/ready"
    public static let metrics = "/metrics"
    public static let openAPI = "/openapi.yaml"

    /// `DELETE /api/me/sessions/{id}`: ends one of the user's sessions.
    public static func meSession(_ id: UUID) -> String { "\(meSessions)/\(id.uuidString.lowercased())" }

    /// `GET /api/courses/{userId}`: one faculty member's catalogue entries.
    public static func catalogue(ofFaculty userId: Int) -> String { "\(catalogue)/\(userId)" }

    // MARK: Course management (faculty)

    /// `PATCH`/`DELETE /api/faculty/courses/{courseId}`.
    public static func facultyCourse(_ courseId: Int) -> String { "\(facultyCourses)/\(courseId)" }
    /// `POST /api/faculty/courses/{courseId}/code`: a new enrollment code.
    public static func courseCode(_ courseId: Int) -> String { "\(facultyCourse(courseId))/code" }
    /// `GET /api/faculty/courses/{courseId}/students`: the roster.
    public static func roster(_ courseId: Int) -> String { "\(facultyCourse(courseId))/students" }
    /// `DELETE /api/faculty/courses/{courseId}/students/{userId}`.
    public static func rosterStudent(_ courseId: Int, _ userId: Int) -> String { "\(roster(courseId))/\(userId)" }
    /// `POST /api/faculty/courses/{courseId}/exams`.
    public static func courseExams(_ courseId: Int) -> String { "\(facultyCourse(courseId))/exams" }

    // MARK: Exams (faculty)

    /// `GET`/`PUT`/`DELETE /api/faculty/exams/{examId}`.
    public static func facultyExam(_ examId: Int) -> String { "\(facultyExams)/\(examId)" }
    public static func publishExam(_ examId: Int) -> String { "\(facultyExam(examId))/publish" }
    public static func closeExam(_ examId: Int) -> String { "\(facultyExam(examId))/close" }

    // MARK: Students

    /// `DELETE /api/students/courses/{courseId}`: unenroll.
    public static func studentCourse(_ courseId: Int) -> String { "\(studentCourses)/\(courseId)" }
    /// `POST /api/students/exams/{examId}/attempts`: start (or resume) an attempt.
    public static func examAttempts(_ examId: Int) -> String { "\(studentExams)/\(examId)/attempts" }
    /// `GET /api/students/attempts/{attemptId}`.
    public static func attempt(_ attemptId: Int) -> String { "\(studentAttempts)/\(attemptId)" }
    public static func attemptAnswers(_ attemptId: Int) -> String { "\(attempt(attemptId))/answers" }
    public static func submitAttempt(_ attemptId: Int) -> String { "\(attempt(attemptId))/submit" }

    /// The router's patterns of the paths above (`{name}` segments as Hummingbird's `:name`).
    public enum Patterns {
        public static let facultyCourse = "\(facultyCourses)/:courseId"
        public static let courseCode = "\(facultyCourse)/code"
        public static let roster = "\(facultyCourse)/students"
        public static let rosterStudent = "\(roster)/:userId"
        public static let courseExams = "\(facultyCourse)/exams"
        public static let facultyExam = "\(facultyExams)/:examId"
        public static let publishExam = "\(facultyExam)/publish"
        public static let closeExam = "\(facultyExam)/close"
        public static let studentCourse = "\(studentCourses)/:courseId"
        public static let examAttempts = "\(studentExams)/:examId/attempts"
        public static let attempt = "\(studentAttempts)/:attemptId"
        public static let attemptAnswers = "\(attempt)/answers"
        public static let submitAttempt = "\(attempt)/submit"
    }

    /// The query item naming a course (`GET /api/faculty/exams`, `GET /api/faculty/grades`).
    public static let courseIdQueryItem = "courseId"

    /// The query item that asks `POST /api/logout` to end every session.
    public static let logoutScopeQueryItem = "scope"
}
