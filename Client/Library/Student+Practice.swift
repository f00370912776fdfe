import ExamPrepShared

/// Practice and spaced review: practice sessions whose answers are checked at once (and never
/// count toward grades), the questions due for review today, and the student's mistakes.
extension Student {
    /// `POST /api/students/courses/{courseId}/practice`: a new session (it becomes `practice`).
    @discardableResult
    public func startPractice(
        courseId: Int, topic: String? = nil, count: Int? = nil, onlyMistakes: Bool = false, onlyDue: Bool = false
    ) async throws -> PracticeSession {
        let started = try await session.send(
            .startPractice(
                courseId: courseId,
                PracticeRequest(topic: topic, count: count, onlyMistakes: onlyMistakes ? true : nil, onlyDue: onlyDue ? true : nil)))
        practice = started
        practiceFeedback = [:]
        return started
    }

    /// `POST /api/students/practice/{practiceId}/answers`: one answer of a session, checked at
    /// once: right or not, points, feedback, the right answer, and when the question comes
    /// back for review.
    @discardableResult
    public func answerPractice(_ answer: PracticeAnswer, practiceId: Int) async throws -> PracticeFeedback {
        let feedback = try await session.send(.answerPractice(answer, practiceId: practiceId))
        if practiceId == practice?.practiceId { practiceFeedback[feedback.questionId] = feedback }
        mistakes.removeAll { $0.questionId == feedback.questionId && feedback.correct }
        return feedback
    }

    /// `GET /api/students/review/due`: every question due for review today (of one course).
    @discardableResult
    public func loadDueReviews(courseId: Int? = nil) async throws -> [DueReview] {
        let loaded = try await session.sendAll(.dueReviews(courseId: courseId))
        dueReviews = loaded
        return loaded
    }

    /// `GET /api/students/mistakes`: every question answered wrong and not right since, the
    /// latest first (of one course).
    @discardableResult
    public func loadMistakes(courseId: Int? = nil) async throws -> [Mistake] {
        let loaded = try await session.sendAll(.mistakes(courseId: courseId))
        mistakes = loaded
        return loaded
    }

    /// "Practise these": a session of the course's mistakes that can be practised.
    @discardableResult
    public func practiseMistakes(courseId: Int, count: Int? = nil) async throws -> PracticeSession {
        try await startPractice(courseId: courseId, count: count, onlyMistakes: true)
    }
}
