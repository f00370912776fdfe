import ExamPrepShared

extension Student {
    /// Flags a question of a running attempt for review (or, with `false`, takes the flag
    /// away); returns every question of the attempt flagged now.
    @discardableResult
    public func flag(_ questionId: Int, in attemptId: Int, flagged: Bool = true) async throws -> [Int] {
        try await session.send(.flagQuestion(questionId, in: attemptId, flagged: flagged).inPlace(place)).flagged
    }

    /// What is answered and flagged in the attempt, and how many are not answered: what to
    /// show before submitting.
    public func summary(of attemptId: Int) async throws -> AttemptSummary {
        try await session.send(.attemptSummary(attemptId))
    }
}
