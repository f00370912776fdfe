import Foundation

/// One essay answer in an exam's grading queue (`GET /api/faculty/exams/{examId}/grading`):
/// whose attempt, which question (its id in the exam), what the student wrote, and the points
/// and comment once graded. `maxPoints` is what the question is worth in that attempt. The
/// student's name and number, the attempt's number and the prompt say whose essay it is and
/// what it answers (additive: absent in older servers' answers).
public struct EssayToGrade: Codable, Sendable, Hashable {
    public var attemptId: Int
    public var studentId: Int?
    public var questionId: Int
    /// What the student wrote; empty when they wrote nothing.
    public var text: String
    /// Nil until graded.
    public var points: Double?
    public var comment: String?
    public var maxPoints: Int
    /// The student's name; nil when they gave none (or the account was deleted).
    public var studentName: String?
    /// The student's number from the class list, when it gave one.
    public var studentNumber: String?
    /// The attempt's number among the student's attempts at the exam (1, 2, …).
    public var attemptNumber: Int?
    /// The essay's prompt as the student saw it (a random slot's essay included).
    public var prompt: String?

    public init(
        attemptId: Int, studentId: Int?, questionId: Int, text: String, points: Double? = nil, comment: String? = nil, maxPoints: Int,
        studentName: String? = nil, studentNumber: String? = nil, attemptNumber: Int? = nil, prompt: String? = nil
    ) {
        self.attemptId = attemptId
        self.studentId = studentId
        self.questionId = questionId
        self.text = text
        self.points = points
        self.comment = comment
        self.maxPoints = maxPoints
        self.studentName = studentName
        self.studentNumber = studentNumber
        self.attemptNumber = attemptNumber
        self.prompt = prompt
    }
}

/// `PUT /api/faculty/attempts/{attemptId}/grades/{questionId}`: the points an essay earned (0
/// to the question's points, at most two decimals) and a comment the student sees as feedback
/// (as the exam's review options show feedback). A second grade replaces the first.
public struct EssayGradeRequest: Codable, Sendable, Hashable {
    public var points: Double
    public var comment: String?

    public init(points: Double, comment: String? = nil) {
        self.points = points
        self.comment = comment
    }
}

/// `200` answer to an essay's grade: the attempt's score now and whether an essay in it still
/// waits (then the score is pending).
public struct EssayGradeResponse: Codable, Sendable, Hashable {
    public var success: Bool
    public var attemptId: Int
    public var score: Double
    public var maxScore: Double
    public var needsGrading: Bool

    public init(success: Bool = true, attemptId: Int, score: Double, maxScore: Double, needsGrading: Bool) {
        self.success = success
        self.attemptId = attemptId
        self.score = score
        self.maxScore = maxScore
        self.needsGrading = needsGrading
    }
}
