import Foundation

/// Every path of the API, in one place for the server's router and the client's requests.
public enum APIPaths {
    public static let register = "/api/register"
    public static let login = "/api/login"
    public static let roles = "/api/roles"
    public static let catalogue = "/api/courses"
    public static let me = "/api/me"
    public static let mePassword = "/api/me/password"
    /// `PUT /api/me/language`: the person's own language (`LanguageSettingRequest`).
    public static let meLanguage = "/api/me/language"
    /// `PUT /api/me/name`: the person's name, which teachers see (`NameSettingRequest`).
    public static let meName = "/api/me/name"
    public static let meSessions = "/api/me/sessions"
    public static let facultyCourses = "/api/faculty/courses"
    public static let studentCourses = "/api/students/courses"
    public static let enroll = "/api/students/courses/enroll"
    public static let refreshToken = "/api/token/refresh"
    public static let logout = "/api/logout"
    /// `POST /api/web-session`: the session cookie of the bearer token's own session, for an
    /// app's web views.
    public static let webSession = "/api/web-session"
    /// `POST /api/me/sign-in-links`: a link that signs one browser in, once, within a minute.
    public static let signInLinks = "/api/me/sign-in-links"
    public static let facultyExams = "/api/faculty/exams"
    public static let facultyGrades = "/api/faculty/grades"
    public static let studentExams = "/api/students/exams"
    public static let studentAttempts = "/api/students/attempts"
    public static let studentGrades = "/api/students/grades"
    public static let health = "/health"
    public static let ready = "/ready"
    public static let metrics = "/metrics"
    public static let openAPI = "/openapi.yaml"

    // MARK: Paths with parameters (each an `APIRoute`: `APIPaths.facultyCourse(3)`, `.pattern`)

    /// `DELETE /api/me/sessions/{sessionId}`: ends one of the user's sessions.
    public static let meSession = APIRoute("/api/me/sessions/{sessionId}")
    /// `GET /api/courses/{userId}`: one faculty member's catalogue entries.
    public static let facultyCatalogue = APIRoute("/api/courses/{userId}")

    /// `PATCH`/`DELETE /api/faculty/courses/{courseId}`.
    public static let facultyCourse = APIRoute("/api/faculty/courses/{courseId}")
    /// `POST …/code`: a new enrollment code.
    public static let courseCode = facultyCourse.appending("/code")
    /// `GET …/students`: the roster.
    public static let roster = facultyCourse.appending("/students")
    /// `DELETE …/students/{userId}`.
    public static let rosterStudent = roster.appending("/{userId}")
    /// `GET …/roster`: the class list, with user ids, names and accommodations.
    public static let classList = facultyCourse.appending("/roster")
    /// `POST …/roster/import`: a class list (`text/csv`), `?dryRun=true` to see what it would do.
    public static let classListImport = classList.appending("/import")
    /// `POST …/exams`: a new draft.
    public static let courseExams = facultyCourse.appending("/exams")
    /// `GET`/`PUT`/`DELETE …/grade-scale`: the course's grade scale (`GradeScaleRequest`).
    public static let courseGradeScale = facultyCourse.appending("/grade-scale")

    /// `GET`/`PUT`/`DELETE /api/faculty/exams/{examId}`.
    public static let facultyExam = APIRoute("/api/faculty/exams/{examId}")
    public static let publishExam = facultyExam.appending("/publish")
    public static let closeExam = facultyExam.appending("/close")
    public static let reopenExam = facultyExam.appending("/reopen")

    // MARK: Exam day (faculty)

    /// `PUT`/`DELETE …/students/{userId}/accommodation`: a student's extra time in a course.
    public static let accommodation = rosterStudent.appending("/accommodation")
    /// `PUT`/`DELETE /api/faculty/exams/{examId}/overrides/{userId}`: one student's terms.
    public static let examOverride = facultyExam.appending("/overrides/{userId}")
    /// `GET /api/faculty/exams/{examId}/attempts`: who is in the exam.
    public static let facultyExamAttempts = facultyExam.appending("/attempts")
    /// `POST /api/faculty/attempts/{attemptId}/extend`.
    public static let extendAttempt = APIRoute("/api/faculty/attempts/{attemptId}/extend")
    /// `GET /api/faculty/exams/{examId}/grading`: the essays to grade (`?pending=true`: only
    /// those not graded yet), ungraded first.
    public static let examGrading = facultyExam.appending("/grading")
    /// `?pending=true` on `…/grading`.
    public static let pendingQueryItem = "pending"
    /// `PUT /api/faculty/attempts/{attemptId}/grades/{questionId}`: grade an essay by hand.
    public static let attemptGrade = APIRoute("/api/faculty/attempts/{attemptId}/grades/{questionId}")
    /// `GET /api/faculty/attempts/{attemptId}/events`: the attempt's log.
    public static let attemptEvents = APIRoute("/api/faculty/attempts/{attemptId}/events")

    // MARK: Question banks (faculty)

    /// `GET`/`POST /api/faculty/courses/{courseId}/questions`: the course's bank.
    public static let courseQuestions = facultyCourse.appending("/questions")
    /// `POST …/questions/import`: a GIFT (or Aiken) file as the body.
    public static let importQuestions = courseQuestions.appending("/import")
    /// `GET …/questions/export`: the bank as GIFT.
    public static let exportQuestions = courseQuestions.appending("/export")
    /// `GET`/`PUT`/`DELETE /api/faculty/questions/{questionId}`.
    public static let facultyQuestion = APIRoute("/api/faculty/questions/{questionId}")
    /// `POST /api/faculty/questions/{questionId}/regrade`.
    public static let regradeQuestion = facultyQuestion.appending("/regrade")

    /// `DELETE /api/students/courses/{courseId}`: unenroll.
    public static let studentCourse = APIRoute("/api/students/courses/{courseId}")
    /// `GET /api/students/course-invitations`: the courses class lists invited the student into.
    public static let courseInvitations = "/api/students/course-invitations"
    /// `DELETE /api/students/course-invitations/{courseId}`: decline.
    public static let courseInvitation = APIRoute("/api/students/course-invitations/{courseId}")
    /// `POST /api/students/course-invitations/{courseId}/accept`: enroll.
    public static let acceptCourseInvitation = courseInvitation.appending("/accept")
    /// `POST /api/students/exams/{examId}/attempts`: start (or resume) an attempt.
    public static let examAttempts = APIRoute("/api/students/exams/{examId}/attempts")
    /// `GET /api/students/attempts/{attemptId}`.
    public static let attempt = APIRoute("/api/students/attempts/{attemptId}")
    public static let attemptAnswers = attempt.appending("/answers")
    public static let submitAttempt = attempt.appending("/submit")
    /// `PUT`, `DELETE /api/students/attempts/{attemptId}/flags/{questionId}`: flag a question for review, or not.
    public static let attemptFlag = attempt.appending("/flags/{questionId}")
    /// `GET /api/students/attempts/{attemptId}/summary`: answered and flagged, before submitting.
    public static let attemptSummary = attempt.appending("/summary")
    /// `POST /api/students/attempts/{attemptId}/focus`: periods the attempt page was left (`FocusPeriodsRequest`).
    public static let attemptFocus = attempt.appending("/focus")
    /// `POST /api/students/attempts/{attemptId}/place`: move a one-place attempt here (`AttemptPlace`).
    public static let attemptPlace = attempt.appending("/place")

    // MARK: Practice and review
    /// `POST /api/faculty/courses/{courseId}/questions/practice`: open (or close) bank
    /// questions for practice, by topic and tags or by id.
    public static let practiceQuestions = courseQuestions.appending("/practice")
    /// `POST /api/students/courses/{courseId}/practice`: a practice session.
    public static let coursePractice = studentCourse.appending("/practice")
    /// `POST /api/students/practice/{practiceId}/answers`: one answer, checked at once.
    public static let practiceAnswers = APIRoute("/api/students/practice/{practiceId}/answers")
    /// `GET /api/students/review/due`: questions due for spaced review today.
    public static let reviewDue = "/api/students/review/due"
    /// `GET /api/students/mistakes`: questions answered wrong and not right since.
    public static let mistakes = "/api/students/mistakes"
    /// `?practice=true` on `…/questions/import`: the imported questions are open for practice.
    public static let practiceQueryItem = "practice"

    /// The query item naming a course (`GET /api/faculty/exams`, `GET /api/faculty/grades`).
    public static let courseIdQueryItem = "courseId"

    /// The query items of the bank: `?topic=` (a topic and those below it), `?tag=`, the
    /// interchange `?format=` (gift, aiken) and `?dryRun=true`.
    public static let topicQueryItem = "topic"
    public static let tagQueryItem = "tag"
    public static let formatQueryItem = "format"
    public static let dryRunQueryItem = "dryRun"

    /// The query item that asks `POST /api/logout` to end every session.
    public static let logoutScopeQueryItem = "scope"

    // MARK: Statistics (faculty)

    /// `GET /api/faculty/exams/{examId}/statistics`: the exam's item analysis as JSON,
    /// `text/csv` (the per-question table) or `image/svg+xml` (the score histogram).
    public static let examStatistics = facultyExam.appending("/statistics")
    /// Its `?attempts=first|all` (first attempts by default).
    public static let statisticsAttemptsQueryItem = "attempts"

    /// The header that makes a save safe to send again (`PUT …/answers`): a repeat gets the
    /// first answer and saves nothing.
    public static let idempotencyKeyHeader = "Idempotency-Key"
}
