import ExamPrepShared

/// A course's question bank for its faculty member: questions by topic and tag, edited by
/// version, moved in and out as GIFT, and regraded after a fix.
extension Faculty {
    /// `GET /api/faculty/courses/{courseId}/questions`: every question's current version
    /// (of `topic` and the topics below it, with `tag`).
    @discardableResult
    public func loadQuestions(courseId: Int, topic: String? = nil, tag: String? = nil) async throws -> [Question] {
        let loaded = try await session.sendAll(.bankQuestions(courseId: courseId, topic: topic, tag: tag))
        if topic == nil, tag == nil { bankQuestions[courseId] = loaded }
        return loaded
    }

    /// `POST /api/faculty/courses/{courseId}/questions`.
    @discardableResult
    public func createQuestion(_ draft: QuestionDraft, courseId: Int) async throws -> Question {
        let created = try await session.send(.createQuestion(draft, courseId: courseId))
        bankQuestions[courseId]?.append(created)
        return created
    }

    /// `GET /api/faculty/questions/{questionId}`: its current version.
    public func question(_ questionId: Int) async throws -> Question {
        try await session.send(.bankQuestion(questionId))
    }

    /// `PUT /api/faculty/questions/{questionId}`: the whole question. Attempts that used it
    /// keep the version they saw; the answer says which version is current now.
    @discardableResult
    public func replaceQuestion(_ questionId: Int, with draft: QuestionDraft) async throws -> Question {
        let replaced = try await session.send(.replaceQuestion(questionId, with: draft))
        for (courseId, questions) in bankQuestions {
            bankQuestions[courseId] = questions.map { $0.id == questionId ? replaced : $0 }
        }
        return replaced
    }

    /// `DELETE /api/faculty/questions/{questionId}` (a question written into an exam is the exam's: 409).
    public func deleteQuestion(_ questionId: Int) async throws {
        _ = try await session.send(.deleteQuestion(questionId))
        for (courseId, questions) in bankQuestions {
            bankQuestions[courseId] = questions.filter { $0.id != questionId }
        }
    }

    /// `POST …/questions/import`: a GIFT (or Aiken) file's questions into the course's bank,
    /// with a line and reason for each question left out. A dry run imports nothing; with
    /// `practice`, the imported questions are open for practice at once.
    @discardableResult
    public func importQuestions(
        _ file: String, courseId: Int, format: InterchangeFormat = .gift, dryRun: Bool = false, practice: Bool = false
    ) async throws -> QuestionImportReport {
        let report = try await session.send(
            .importQuestions(file, courseId: courseId, format: format, dryRun: dryRun, practice: practice))
        if !dryRun, report.imported > 0 { bankQuestions[courseId] = nil }
        return report
    }

    /// `GET …/questions/export`: the bank as GIFT (or Moodle XML), which imports back to the same questions.
    public func exportQuestions(
        courseId: Int, topic: String? = nil, tag: String? = nil, format: InterchangeFormat = .gift
    ) async throws -> String {
        try await session.send(.exportQuestions(courseId: courseId, topic: topic, tag: tag, format: format)).text
    }

    /// `POST /api/faculty/questions/{questionId}/regrade`: every attempt whose score changes
    /// (or would, on a dry run), before and after. Grade books follow.
    public func regradeQuestion(_ questionId: Int, mode: RegradeMode, dryRun: Bool = false) async throws -> [RegradeChange] {
        let changes = try await session.send(.regradeQuestion(questionId, mode: mode, dryRun: dryRun))
        if !dryRun, !changes.isEmpty { gradeBooks = [:] }
        return changes
    }
}
