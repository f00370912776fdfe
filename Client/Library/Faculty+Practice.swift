import ExamPrepShared

/// Opening a course's bank questions for students' practice.
extension Faculty {
    /// `POST /api/faculty/courses/{courseId}/questions/practice`: opens (or closes) the bank
    /// questions of `topic` (and below it) carrying every one of `tags`, or those
    /// `questionIds` names; returns how many changed.
    @discardableResult
    public func setPractice(
        _ practice: Bool, courseId: Int, topic: String? = nil, tags: [String]? = nil, questionIds: [Int]? = nil
    ) async throws -> Int {
        try await markPractice(practice, courseId: courseId, topic: topic, tags: tags, questionIds: questionIds).changed
    }

    /// The same, answered whole: how many changed and, when opening, how many of the selected
    /// questions an exam open now can show (`heldBack`: students are not offered them until
    /// it is over).
    public func markPractice(
        _ practice: Bool, courseId: Int, topic: String? = nil, tags: [String]? = nil, questionIds: [Int]? = nil
    ) async throws -> PracticeMarkingResult {
        let result = try await session.send(
            .markPractice(PracticeMarking(topic: topic, tags: tags, questionIds: questionIds, practice: practice), courseId: courseId))
        if result.changed > 0 { bankQuestions[courseId] = nil }
        return result
    }
}
