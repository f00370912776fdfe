import Foundation

/// One row of `GET /api/students/exams`: a published exam of a course the student is in.
public struct StudentExamSummary: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var courseId: Int
    public var title: String
    public var instructions: String
    /// The student's own time limit: the exam's (or an override's), stretched by an
    /// accommodation.
    public var timeLimitMinutes: Int?
    /// The exam's time limit, when the student's differs from it ("60 min (extended from 30)").
    public var baseTimeLimitMinutes: Int?
    /// The student's own window (an override's, else the exam's).
    public var opensAt: Date?
    public var closesAt: Date?
    public var questionCount: Int
    public var maxScore: Double
    public var attemptsUsed: Int
    /// The exam's `maxAttempts` plus any extra attempts granted to the student.
    public var maxAttempts: Int
    /// The student's grade by the exam's grading method, when the review options show scores now.
    public var bestScore: Double?
    /// True while that grade waits for an essay to be graded by hand (`bestScore` is then
    /// pending: it will change), as on `StudentGrade`.
    public var needsGrading: Bool?
    /// The attempt the student has open, to resume.
    public var openAttemptId: Int?
    /// The IANA time zone of the course, in which its deadlines are read.
    public var timeZone: String

    public init(
        id: Int, courseId: Int, title: String, instructions: String, timeLimitMinutes: Int?, opensAt: Date?, closesAt: Date?,
        questionCount: Int, maxScore: Double, attemptsUsed: Int, maxAttempts: Int, bestScore: Double?, openAttemptId: Int?,
        baseTimeLimitMinutes: Int? = nil, timeZone: String = "UTC", needsGrading: Bool? = nil
    ) {
        self.needsGrading = needsGrading
        self.baseTimeLimitMinutes = baseTimeLimitMinutes
        self.timeZone = timeZone
        self.id = id
        self.courseId = courseId
        self.title = title
        self.instructions = instructions
        self.timeLimitMinutes = timeLimitMinutes
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.questionCount = questionCount
        self.maxScore = maxScore
        self.attemptsUsed = attemptsUsed
        self.maxAttempts = maxAttempts
        self.bestScore = bestScore
        self.openAttemptId = openAttemptId
    }
}

/// A question as a student sees it: never its right answer.
public struct StudentQuestion: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var kind: QuestionKind
    public var prompt: String
    public var points: Int
    /// Choice questions: the choices (ids and texts only).
    public var choices: [Choice]?
    /// Matching questions: what to match, and what to match it with.
    public var items: [Choice]?
    public var options: [Choice]?
    /// How `prompt` is written (absent: `moodle`, plain text).
    public var textFormat: TextFormat?
    /// A picture shown with the prompt (its `mediaId` is served at `/media/{mediaId}`).
    public var image: QuestionImage?

    public init(
        id: Int, kind: QuestionKind, prompt: String, points: Int, choices: [Choice]?, items: [Choice]? = nil, options: [Choice]? = nil,
        textFormat: TextFormat? = nil, image: QuestionImage? = nil
    ) {
        self.image = image
        self.textFormat = textFormat
        self.id = id
        self.kind = kind
        self.prompt = prompt
        self.points = points
        self.choices = choices
        self.items = items
        self.options = options
    }
}

/// An attempt as its student sees it: the answer to `POST /api/students/exams/{examId}/attempts`
/// and `GET /api/students/attempts/{attemptId}`. `result` is there once it is submitted.
public struct StudentAttempt: Codable, Sendable, Hashable {
    public var attemptId: Int
    public var examId: Int
    public var title: String
    public var instructions: String
    /// 1 for the first attempt at the exam, 2 for the second, …
    public var number: Int
    public var startedAt: Date
    /// When the attempt ends by itself (its time limit, the exam's closing, an extension), if
    /// ever: UTC, compared with the database's clock.
    public var deadline: Date?
    /// The student's time limit and, when an accommodation or override changed it, the
    /// exam's ("60 min (extended from 30)").
    public var timeLimitMinutes: Int?
    public var baseTimeLimitMinutes: Int?
    /// Seconds after `deadline` before the server submits the attempt itself.
    public var graceSeconds: Int
    /// The IANA time zone of the course.
    public var timeZone: String
    public var submittedAt: Date?
    /// In the order this attempt shows them (shuffled when the exam says so).
    public var questions: [StudentQuestion]
    /// What the student has saved so far, each with the sequence of its save.
    public var answers: [AnswerInput]
    public var result: AttemptResult?

    public init(
        attemptId: Int, examId: Int, title: String, instructions: String, number: Int, startedAt: Date, deadline: Date?,
        submittedAt: Date?, questions: [StudentQuestion], answers: [AnswerInput], result: AttemptResult?,
        timeLimitMinutes: Int? = nil, baseTimeLimitMinutes: Int? = nil, graceSeconds: Int = 0, timeZone: String = "UTC"
    ) {
        self.timeLimitMinutes = timeLimitMinutes
        self.baseTimeLimitMinutes = baseTimeLimitMinutes
        self.graceSeconds = graceSeconds
        self.timeZone = timeZone
        self.attemptId = attemptId
        self.examId = examId
        self.title = title
        self.instructions = instructions
        self.number = number
        self.startedAt = startedAt
        self.deadline = deadline
        self.submittedAt = submittedAt
        self.questions = questions
        self.answers = answers
        self.result = result
    }
}
