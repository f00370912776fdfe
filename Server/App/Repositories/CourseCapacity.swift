import ExamPrepPostgres
import ExamPrepShared

/// How full a course is: its exams and questions against `ExamCaps`.
enum CourseCapacity {
    /// Which cap adding `questionCount` questions to the course (and, with `addingExam`, an
    /// exam; with `replacing`, in place of that exam's) would pass, if any, as a sentence for
    /// the 409. `storing` is how many rows the change adds (`questionCount` unless an edit
    /// makes a new version, which adds a row and no current question).
    static func capReached(
        courseID: Int?, adding questionCount: Int, storing rows: Int? = nil, addingExam: Bool, replacing examID: Int?,
        caps: ExamCaps, in transaction: Transaction
    ) async throws -> Message? {
        let row = try await transaction.query(
            """
            WITH course AS (SELECT coalesce(\(courseID)::bigint, (SELECT course_id FROM exams WHERE id = \(examID))) AS id)
            SELECT (SELECT count(*) FROM exams e WHERE e.course_id = course.id) AS exams, counts.questions, counts.stored
            FROM course CROSS JOIN LATERAL (
                -- Every question of the course but those of the exam being replaced (a bank
                -- question's exam_id is NULL, which IS DISTINCT FROM would not count).
                SELECT count(*) FILTER (WHERE q.is_current) AS questions, count(*) AS stored FROM questions q
                WHERE q.course_id = course.id AND (\(examID)::bigint IS NULL OR q.exam_id IS DISTINCT FROM \(examID))
            ) counts
            """
        ).single()
        let exams: Int = try row.decode("exams")
        let questions: Int = try row.decode("questions")
        let stored: Int = try row.decode("stored")
        if stored + (rows ?? questionCount) > caps.storedQuestionsPerCourse {
            return Message("repo.course.stored-cap", ["stored": .integer(stored), "max": .integer(caps.storedQuestionsPerCourse)])
        }
        if addingExam, exams >= caps.examsPerCourse {
            return Message("repo.course.exam-cap", ["exams": .integer(exams), "max": .integer(caps.examsPerCourse)])
        }
        if questions + questionCount > caps.questionsPerCourse {
            return Message(
                "repo.course.question-cap", ["total": .integer(questions + questionCount), "max": .integer(caps.questionsPerCourse)])
        }
        return nil
    }
}
