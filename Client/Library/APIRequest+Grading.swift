import ExamPrepShared
import Foundation

// MARK: - Essays graded by hand (faculty)

extension APIRequest where Response == [EssayToGrade] {
    /// An exam's essays, ungraded first; with `pendingOnly` only those not graded yet.
    public static func essayQueue(examId: Int, pendingOnly: Bool = false) -> Self {
        .init(
            .get, APIPaths.examGrading(examId),
            queryItems: pendingOnly ? [URLQueryItem(name: APIPaths.pendingQueryItem, value: "true")] : [],
            requiresAuthentication: true)
    }
}

extension APIRequest where Response == EssayGradeResponse {
    /// Grades one essay of a submitted attempt: points (0 to the question's, two decimals) and
    /// a comment the student sees as feedback.
    public static func gradeEssay(attemptId: Int, questionId: Int, points: Double, comment: String? = nil) -> Self {
        .init(
            .put, APIPaths.attemptGrade(attemptId, questionId), body: EssayGradeRequest(points: points, comment: comment),
            requiresAuthentication: true)
    }
}
