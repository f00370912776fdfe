import Foundation

/// `PUT /api/faculty/courses/{courseId}/students/{userId}/accommodation`: a student's extra
/// time in every exam of the course (running attempts included), and how far their grade
/// thresholds are lowered. The answer is the same shape with its student and course.
public struct Accommodation: Codable, Sendable, Hashable {
    /// 1.0–4.0: the time limit is multiplied by it.
    public var timeMultiplier: Double?
    /// 0–1440 minutes added to the time limit.
    public var extraMinutes: Int?
    public var note: String?
    public var studentId: Int?
    public var courseId: Int?
    /// 0–50 percentage points taken off every grade threshold above 0 of the course's scale
    /// (`GradeScale.grade`); absent is 0, so that older clients keep working.
    public var gradeThresholdOffsetPercent: Int?

    public init(
        timeMultiplier: Double? = nil, extraMinutes: Int? = nil, note: String? = nil, studentId: Int? = nil, courseId: Int? = nil,
        gradeThresholdOffsetPercent: Int? = nil
    ) {
        self.gradeThresholdOffsetPercent = gradeThresholdOffsetPercent
        self.timeMultiplier = timeMultiplier
        self.extraMinutes = extraMinutes
        self.note = note
        self.studentId = studentId
        self.courseId = courseId
    }
}

/// `PUT /api/faculty/exams/{examId}/overrides/{userId}`: one student's own terms for one exam.
public struct ExamOverride: Codable, Sendable, Hashable {
    /// Attempts on top of the exam's `maxAttempts`.
    public var extraAttempts: Int?
    public var opensAt: Date?
    public var closesAt: Date?
    public var timeLimitMinutes: Int?
    public var studentId: Int?
    public var examId: Int?

    public init(
        extraAttempts: Int? = nil, opensAt: Date? = nil, closesAt: Date? = nil, timeLimitMinutes: Int? = nil, studentId: Int? = nil,
        examId: Int? = nil
    ) {
        self.extraAttempts = extraAttempts
        self.opensAt = opensAt
        self.closesAt = closesAt
        self.timeLimitMinutes = timeLimitMinutes
        self.studentId = studentId
        self.examId = examId
    }
}

/// `POST /api/faculty/attempts/{attemptId}/extend`.
public struct ExtendAttemptRequest: Codable, Sendable, Hashable {
    /// 1–1440 minutes added to the attempt's deadline.
    public var minutes: Int

    public init(minutes: Int) { self.minutes = minutes }
}

/// One row of `GET /api/faculty/exams/{examId}/attempts`, and the answer to an extension.
public struct FacultyAttemptSummary: Codable, Sendable, Hashable, Identifiable {
    public var attemptId: Int
    /// Nil once the student's account was deleted.
    public var studentId: Int?
    public var email: String
    public var number: Int
    public var startedAt: Date
    public var deadline: Date?
    public var submittedAt: Date?
    /// Submitted by the server at its deadline (plus grace), not by the student.
    public var autoSubmitted: Bool
    public var score: Double?
    public var maxScore: Double?
    public var lastSavedAt: Date?
    /// Minutes a faculty member extended it by.
    public var extendedMinutes: Int
    /// Questions the student has flagged for review now.
    public var flagged: Int
    /// Submitted with an essay not graded yet: `score` is pending.
    public var needsGrading: Bool?

    public var id: Int { attemptId }

    public init(
        attemptId: Int, studentId: Int?, email: String, number: Int, startedAt: Date, deadline: Date?, submittedAt: Date?,
        autoSubmitted: Bool, score: Double?, maxScore: Double?, lastSavedAt: Date?, extendedMinutes: Int, flagged: Int = 0
    ) {
        self.flagged = flagged
        self.attemptId = attemptId
        self.studentId = studentId
        self.email = email
        self.number = number
        self.startedAt = startedAt
        self.deadline = deadline
        self.submittedAt = submittedAt
        self.autoSubmitted = autoSubmitted
        self.score = score
        self.maxScore = maxScore
        self.lastSavedAt = lastSavedAt
        self.extendedMinutes = extendedMinutes
    }
}

/// One entry of an attempt's log (`GET /api/faculty/attempts/{attemptId}/events`).
public struct AttemptEvent: Codable, Sendable, Hashable {
    public var at: Date
    public var kind: AttemptEventKind
    public var detail: String?

    public init(at: Date, kind: AttemptEventKind, detail: String? = nil) {
        self.at = at
        self.kind = kind
        self.detail = detail
    }
}

public enum AttemptEventKind: String, Codable, Sendable, Hashable, CaseIterable {
    case started, saved, extended, submitted
    case autoSubmitted = "auto_submitted"
    /// The student flagged a question for review, or took the flag away (`detail` names it).
    case flagged, unflagged
    /// The attempt was moved to another tab or app (`ExamPolicy.oneSession`).
    case moved
}

/// What the server stores of one saved answer: the sequence the client gave it.
public struct SavedAnswer: Codable, Sendable, Hashable {
    public var questionId: Int
    public var sequence: Int?

    public init(questionId: Int, sequence: Int?) {
        self.questionId = questionId
        self.sequence = sequence
    }
}
