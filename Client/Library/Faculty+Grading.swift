import ExamPrepShared

/// Essays graded by hand: an exam's grading queue and one essay's grade.
extension Faculty {
    /// `GET /api/faculty/exams/{examId}/grading`: the exam's essays, ungraded first (at most
    /// 200; grading them brings the next ones); `pendingOnly` leaves out those graded.
    public func essayQueue(examId: Int, pendingOnly: Bool = false) async throws -> [EssayToGrade] {
        try await session.send(.essayQueue(examId: examId, pendingOnly: pendingOnly))
    }

    /// `PUT /api/faculty/attempts/{attemptId}/grades/{questionId}`: the attempt's score after
    /// the grade, and whether another essay in it still waits.
    @discardableResult
    public func gradeEssay(attemptId: Int, questionId: Int, points: Double, comment: String? = nil) async throws
        -> EssayGradeResponse
    {
        try await session.send(.gradeEssay(attemptId: attemptId, questionId: questionId, points: points, comment: comment))
    }
}
