import ExamPrepShared

/// Exam day for faculty: accommodations, overrides, extensions, and who is in an exam.
extension Faculty {
    /// `PUT …/courses/{courseId}/students/{userId}/accommodation`: extra time for a student in
    /// every exam of the course (× `timeMultiplier`, + `extraMinutes`), running attempts included,
    /// and grade thresholds lowered by `gradeThresholdOffsetPercent` points (0–50).
    @discardableResult
    public func setAccommodation(
        student userId: Int, course courseId: Int, timeMultiplier: Double? = nil, extraMinutes: Int? = nil, note: String? = nil,
        gradeThresholdOffsetPercent: Int? = nil
    ) async throws -> Accommodation {
        let accommodation = Accommodation(
            timeMultiplier: timeMultiplier, extraMinutes: extraMinutes, note: note, gradeThresholdOffsetPercent: gradeThresholdOffsetPercent
        )
        return try await session.send(.setAccommodation(accommodation, student: userId, course: courseId))
    }

    public func removeAccommodation(student userId: Int, course courseId: Int) async throws {
        _ = try await session.send(.removeAccommodation(student: userId, course: courseId))
    }

    /// `PUT /api/faculty/exams/{examId}/overrides/{userId}`: one student's own terms (the whole
    /// override: fields left nil are the exam's).
    @discardableResult
    public func setOverride(_ override: ExamOverride, student userId: Int, exam examId: Int) async throws -> ExamOverride {
        try await session.send(.setOverride(override, student: userId, exam: examId))
    }

    public func removeOverride(student userId: Int, exam examId: Int) async throws {
        _ = try await session.send(.removeOverride(student: userId, exam: examId))
    }

    /// `GET /api/faculty/exams/{examId}/attempts`: every attempt, with deadline, last save and score.
    @discardableResult
    public func loadAttempts(examId: Int) async throws -> [FacultyAttemptSummary] {
        let loaded = try await session.sendAll(.examAttempts(examId: examId))
        examAttempts[examId] = loaded
        return loaded
    }

    /// `POST /api/faculty/attempts/{attemptId}/extend`: the attempt with its new deadline.
    @discardableResult
    public func extendAttempt(_ attemptId: Int, byMinutes minutes: Int) async throws -> FacultyAttemptSummary {
        let extended = try await session.send(.extendAttempt(attemptId, minutes: minutes))
        for (examId, attempts) in examAttempts {
            examAttempts[examId] = attempts.map { $0.attemptId == attemptId ? extended : $0 }
        }
        return extended
    }

    /// `GET /api/faculty/attempts/{attemptId}/events`: started, saved, extended, submitted…
    public func attemptEvents(_ attemptId: Int) async throws -> [AttemptEvent] {
        try await session.sendAll(.attemptEvents(attemptId))
    }
}
