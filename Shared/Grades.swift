import Foundation

/// One row of a course's grade book (`GET /api/faculty/grades?courseId=`): a student's grade at one
/// exam by the exam's grading method, with the attempt it comes from. A student whose account was
/// deleted has no `studentId`, and `email` says `GradeBookEntry.deletedAccount`.
public struct GradeBookEntry: Codable, Sendable, Hashable {
    /// What `email` says for an account that was deleted.
    public static let deletedAccount = "(deleted account)"

    /// Nil once the student's account was deleted.
    public var studentId: Int?
    public var email: String
    public var examId: Int
    public var examTitle: String
    /// The attempt the grade comes from (for `average`, the last one).
    public var attemptId: Int
    /// By the exam's grading method, over the student's submitted attempts.
    public var score: Double
    public var maxScore: Double
    public var submittedAt: Date
    /// True while the grade waits for an essay to be graded by hand (`score` is then pending).
    public var needsGrading: Bool?
    /// The score's grade on the course's scale, for this student's thresholds; nil when the
    /// course has none (percent only) or the score is pending.
    public var grade: String?
    /// The student's name and student number, when they have them (teachers see the name
    /// before the address).
    public var name: String?
    public var studentNumber: String?

    public init(
        studentId: Int?, email: String, examId: Int, examTitle: String, attemptId: Int, score: Double, maxScore: Double,
        submittedAt: Date, needsGrading: Bool? = nil, grade: String? = nil, name: String? = nil, studentNumber: String? = nil
    ) {
        self.name = name
        self.studentNumber = studentNumber
        self.needsGrading = needsGrading
        self.grade = grade
        self.studentId = studentId
        self.email = email
        self.examId = examId
        self.examTitle = examTitle
        self.attemptId = attemptId
        self.score = score
        self.maxScore = maxScore
        self.submittedAt = submittedAt
    }
}

/// One row of `GET /api/students/grades`: the student's grade at one exam by its grading method.
public struct StudentGrade: Codable, Sendable, Hashable {
    public var examId: Int
    public var examTitle: String
    public var courseId: Int
    public var attemptId: Int
    public var score: Double
    public var maxScore: Double
    public var submittedAt: Date
    /// True while the grade waits for an essay to be graded by hand (`score` is then pending).
    public var needsGrading: Bool?
    /// The score's grade on the course's scale, for the student's thresholds; nil when the
    /// course has none (percent only) or the score is pending.
    public var grade: String?

    public init(
        examId: Int, examTitle: String, courseId: Int, attemptId: Int, score: Double, maxScore: Double, submittedAt: Date,
        needsGrading: Bool? = nil, grade: String? = nil
    ) {
        self.needsGrading = needsGrading
        self.grade = grade
        self.examId = examId
        self.examTitle = examTitle
        self.courseId = courseId
        self.attemptId = attemptId
        self.score = score
        self.maxScore = maxScore
        self.submittedAt = submittedAt
    }
}
