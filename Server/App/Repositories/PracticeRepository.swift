import ExamPrepExams
import ExamPrepPostgres
import ExamPrepScheduling
import ExamPrepShared
import Foundation
import Logging

/// Students' practice sessions: handing out the course's practice questions and checking
/// each answer at once. Practice writes nothing that grades, attempts or exam statistics
/// read: only its own sessions and answers, and the student's review schedule.
///
/// A question offered for practice is a current bank question of the course marked
/// `practice`, that no exam open now could show (`questions_in_open_exams`, in SQL: open from
/// its opening until the last attempt that could still run has ended); an answer is checked
/// against the open exams again when it arrives. Those due
/// for review today come first (soonest due first), then those never practised (by chance),
/// then the rest (soonest due first).
struct PracticeRepository: Sendable {
    let pool: PostgresPool
    /// How often a start draws again when an edit replaced a question it drew; past that,
    /// `BankDrawStatements.Raced` reaches the caller (503).
    var drawRetries = BankDrawStatements.retries

    struct Choice: Sendable {
        var topic: String?
        var count: Int
        var onlyMistakes: Bool
        var onlyDue: Bool
    }

    enum Answering: Sendable {
        case answered(PracticeFeedback)
        /// No such session of this student (or the student left its course).
        case notFound
        case notInSession
        case alreadyAnswered
        /// An exam open now could show the question (it opened after the session started):
        /// checking the answer would tell the right one while students sit that exam.
        case inOpenExam
    }

    /// A new session, or nil when the student is not enrolled in the course. Its questions are
    /// locked before the session records them; an edit that replaced one in between makes the
    /// start begin again, `drawRetries` times at most.
    func start(courseID: Int, studentID: Int, choice: Choice, now: Date, logger: Logger) async throws -> PracticeSession? {
        for _ in 0..<max(0, drawRetries) {
            do {
                return try await tryStart(courseID: courseID, studentID: studentID, choice: choice, now: now, logger: logger)
            } catch is BankDrawStatements.Raced {
                continue
            }
        }
        return try await tryStart(courseID: courseID, studentID: studentID, choice: choice, now: now, logger: logger)
    }

    private func tryStart(courseID: Int, studentID: Int, choice: Choice, now: Date, logger: Logger) async throws -> PracticeSession? {
        try await pool.transaction(logger: logger) { transaction in
            let enrolled = try await transaction.query(
                """
                SELECT c.id FROM courses c JOIN enrollments en ON en.course_id = c.id AND en.user_id = \(studentID)
                WHERE c.id = \(courseID) FOR SHARE OF c
                """)
            guard !enrolled.isEmpty else { return nil }
            let questions = try await QuestionStatements(transaction: transaction).load(
                """
                SELECT \(unescaped: QuestionStatements.columns), NULL::integer AS slot_points
                FROM questions q
                JOIN courses c ON c.id = q.course_id
                LEFT JOIN review_schedules rs ON rs.student_id = \(studentID) AND rs.family_id = q.family_id
                WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current AND q.practice AND q.kind NOT IN ('description', 'essay')
                  AND topic_within(q.topic, \(choice.topic)::text)
                  AND q.family_id NOT IN (SELECT x.family_id FROM questions_in_open_exams(\(courseID), \(now)) x)
                  AND (NOT \(choice.onlyMistakes) OR q.family_id IN (
                      SELECT m.family_id FROM student_mistakes(\(studentID), \(courseID), \(now)) m))
                  AND (NOT \(choice.onlyDue) OR rs.due < day_end(\(now), c.time_zone))
                ORDER BY CASE WHEN rs.due < day_end(\(now), c.time_zone) THEN 0 WHEN rs.family_id IS NULL THEN 1 ELSE 2 END,
                         rs.due, random()
                LIMIT \(choice.count)
                """)
            guard try await QuestionStatements(transaction: transaction).lockShown(questions.map(\.id)) else {
                throw BankDrawStatements.Raced()
            }
            let session = try await transaction.query(
                """
                INSERT INTO practice_sessions (student_id, course_id, topic, only_mistakes, only_due, started_at)
                VALUES (\(studentID), \(courseID), \(choice.topic), \(choice.onlyMistakes), \(choice.onlyDue), \(now))
                RETURNING id, alias_seed
                """
            ).single()
            let practiceID: Int = try session.decode("id")
            let aliases = AnswerAliases(seed: try session.decode("alias_seed"))
            try await transaction.execute(
                """
                INSERT INTO practice_questions (practice_id, position, question_id)
                SELECT \(practiceID), shown.position - 1, shown.id
                FROM unnest(\(PostgresArray(questions.map(\.id)))) WITH ORDINALITY AS shown(id, position)
                """)
            let heldBack =
                try await questions.isEmpty ? Self.heldBack(courseID: courseID, topic: choice.topic, now: now, in: transaction) : nil
            return PracticeSession(
                practiceId: practiceID, courseId: courseID, startedAt: now,
                questions: questions.map { aliases.shownShuffled($0).practiceView },
                heldBack: heldBack)
        }
    }

    /// How many questions open for practice (of `topic`) an exam open now can show: the reason
    /// a student is offered none while the teacher has opened some.
    private static func heldBack(courseID: Int, topic: String?, now: Date, in transaction: Transaction) async throws -> Int {
        try await transaction.query(
            """
            SELECT count(*)::bigint AS held_back FROM questions q
            WHERE q.course_id = \(courseID) AND q.exam_id IS NULL AND q.is_current AND q.practice AND q.kind NOT IN ('description', 'essay')
              AND topic_within(q.topic, \(topic)::text)
              AND q.family_id IN (SELECT x.family_id FROM questions_in_open_exams(\(courseID), \(now)) x)
            """
        ).single().decode("held_back")
    }

    /// Checks `answer` (validated for its shape by the caller's `check`, against the question as
    /// the session shows it: under its aliases), records it under the author's ids and moves
    /// the question's review schedule.
    func answer(
        practiceID: Int, studentID: Int, answer: PracticeAnswer, now: Date, logger: Logger,
        check: @Sendable (PracticeAnswer, StoredQuestion) throws -> AnswerInput
    ) async throws -> Answering {
        try await pool.transaction(logger: logger) { transaction in
            let sessions = try await transaction.query(
                """
                SELECT ps.course_id, ps.started_at, ps.last_answer_at, ps.alias_seed FROM practice_sessions ps
                JOIN courses c ON c.id = ps.course_id
                JOIN enrollments en ON en.course_id = ps.course_id AND en.user_id = \(studentID)
                WHERE ps.id = \(practiceID) AND ps.student_id = \(studentID)
                FOR SHARE OF c FOR UPDATE OF ps
                """)
            guard let session = sessions.first else { return .notFound }
            guard
                let question = try await QuestionStatements(transaction: transaction).load(
                    """
                    SELECT \(unescaped: QuestionStatements.columns), NULL::integer AS slot_points
                    FROM practice_questions pq JOIN questions q ON q.id = pq.question_id
                    WHERE pq.practice_id = \(practiceID) AND q.family_id = \(answer.questionId)
                    """
                ).first
            else { return .notInSession }
            let answered = try await transaction.query(
                "SELECT 1 AS answered FROM practice_answers WHERE practice_id = \(practiceID) AND question_id = \(question.id)")
            guard answered.isEmpty else { return .alreadyAnswered }
            let courseID: Int = try session.decode("course_id")
            let inOpenExam = try await transaction.query(
                """
                SELECT x.family_id FROM questions_in_open_exams(\(courseID), \(now)) x WHERE x.family_id = \(question.familyID)
                """)
            guard inOpenExam.isEmpty else { return .inOpenExam }

            let aliases = AnswerAliases(seed: try session.decode("alias_seed"))
            let response = aliases.real(try check(answer, aliases.shown(question)), of: question)
            let graded = Grader.grade(question, answer: response)
            let lastAnswer: Date? = try session.decode("last_answer_at")
            let since = try lastAnswer ?? session.decode("started_at", as: Date.self)
            let seconds = PracticeTiming.seconds(measured: now.timeIntervalSince(since), claimed: answer.answerSeconds)
            let rating = PracticeTiming.rating(correct: graded.correct, seconds: seconds, question: question)
            let next = try await ReviewScheduleStatements(transaction: transaction).review(
                studentID: studentID, familyID: question.familyID, courseID: courseID, rating: rating, at: now)

            var stored = response
            stored.questionId = question.familyID
            try await transaction.execute(
                """
                INSERT INTO practice_answers (
                    practice_id, question_id, family_id, student_id, response, correct, points, seconds, rating, answered_at)
                VALUES (\(practiceID), \(question.id), \(question.familyID), \(studentID), \(try JSONColumn.encode(stored))::jsonb,
                        \(graded.correct), \(graded.points), \(seconds), \(rating.rawValue), \(now))
                """)
            try await transaction.execute("UPDATE practice_sessions SET last_answer_at = \(now) WHERE id = \(practiceID)")
            return .answered(
                PracticeFeedback(
                    questionId: question.familyID, correct: graded.correct, points: graded.points, maxPoints: question.points,
                    feedback: graded.feedback, rightAnswer: aliases.shown(question).answer, rating: ReviewRating(rating),
                    answerSeconds: seconds,
                    nextReview: next))
        }
    }
}

extension StoredQuestion {
    /// As a student sees it in practice: no right answer, and named by its id in the bank
    /// (its family id), which stays the same across versions.
    var practiceView: StudentQuestion {
        var view = studentView
        view.id = familyID
        return view
    }
}
