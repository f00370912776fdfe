import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// What a student sees of exams outside an attempt: the published exams of their courses on their
/// own terms (overrides, accommodations), what each allows now, and their grades as far as each
/// exam's review options show scores now. Each reads one snapshot per exam (`StudentExamSnapshots`)
/// and asks the exam rules (`ExamPrepExams`); the routes (and pages) first submit what has ended
/// (`ExpiredAttemptRepository.submit(studentID:…)`), so nothing read here is behind the clock.
struct StudentExamRepository: Sendable {
    let pool: PostgresPool

    /// One exam for the student with what it allows at `now` (the pages' start page); nil when
    /// there is no such exam. An exam the student may not see (of a course they are not in, a
    /// draft) is read too: its start decision is a refusal that `hidesExam`, which a page
    /// answers as "not found".
    func standing(examID: Int, studentID: Int, now: Date, logger: Logger) async throws -> (
        exam: StudentExamSnapshots.Listed, standing: ExamStanding
    )? {
        let rows = try await pool.query(StudentExamSnapshots.query(studentID: studentID, .exam(examID)), logger: logger)
        return try StudentExamSnapshots.decode(rows).first.map { ($0, $0.snapshot.standing(at: now)) }
    }

    /// Each published exam of the course (the student's, or none) with what it allows the
    /// student at `now`: start, continue, or why not and until when; by exam id.
    func standings(courseID: Int, studentID: Int, now: Date, logger: Logger) async throws -> [(
        exam: StudentExamSnapshots.Listed, standing: ExamStanding
    )] {
        let rows = try await pool.query(StudentExamSnapshots.query(studentID: studentID, .course(courseID)), logger: logger)
        return try StudentExamSnapshots.decode(rows).map { ($0, $0.snapshot.standing(at: now)) }
    }

    /// A page of the published exams of the student's courses, by id.
    func exams(ofStudent studentID: Int, page: PageRequest, now: Date, logger: Logger) async throws -> [StudentExamSummary] {
        let rows = try await pool.query(StudentExamSnapshots.query(studentID: studentID, .page(page)), logger: logger)
        return try StudentExamSnapshots.decode(rows).map { listed in
            let exam = listed.snapshot
            let standing = exam.standing(at: now)
            return StudentExamSummary(
                id: exam.examID, courseId: exam.courseID, title: exam.title, instructions: listed.instructions,
                timeLimitMinutes: exam.terms.timeLimitMinutes, opensAt: exam.terms.opensAt, closesAt: exam.terms.closesAt,
                questionCount: listed.questionCount, maxScore: listed.maxScore, attemptsUsed: standing.attemptsUsed,
                maxAttempts: exam.terms.maxAttempts, bestScore: standing.visibleGrade?.score,
                openAttemptId: exam.attempts.first { $0.ofThisAccount && !$0.timing.isSubmitted }?.id,
                baseTimeLimitMinutes: exam.terms.baseTimeLimitMinutes, timeZone: exam.timeZone,
                needsGrading: standing.visibleGrade?.needsGrading == true ? true : nil)
        }
    }

    /// A page of the student's grades, one per exam by its grading method, keyed by the attempt
    /// the grade comes from, each with its mark on the course's scale (`GradeLookup`); only
    /// where the exam's review options show scores now. Grades stay
    /// when the student leaves the course. The student's graded attempts are read whole (a
    /// student has few) and the page is cut after the rules have chosen.
    func grades(ofStudent studentID: Int, page: PageRequest, now: Date, logger: Logger) async throws -> [StudentGrade] {
        let rows = try await pool.query(
            """
            SELECT a.exam_id, e.title, e.course_id, a.id, a.number, a.score::float8 AS score, a.max_score::float8 AS max_score,
                   a.submitted_at, a.needs_grading, \(unescaped: StudentTermsColumns.select)
            FROM attempts a JOIN exams e ON e.id = a.exam_id
            LEFT JOIN exam_overrides o ON o.exam_id = e.id AND o.student_id = a.student_id
            LEFT JOIN accommodations ac ON ac.course_id = e.course_id AND ac.student_id = a.student_id
            WHERE a.student_id = \(studentID) AND a.submitted_at IS NOT NULL
            ORDER BY a.exam_id, a.number, a.id
            """, logger: logger)
        let lookup = try await GradeLookup.student(studentID) { try await pool.query($0, logger: logger) }
        var grades: [StudentGrade] = []
        for exam in try GradedAttempts.byExam(rows) {
            let terms = try StudentTermsColumns.terms(exam.first)
            guard terms.review(at: now).contains(.score), let grade = terms.exam.policy.gradingMethod.grade(exam.attempts) else {
                continue
            }
            let courseID: Int = try exam.first.decode("course_id")
            grades.append(
                StudentGrade(
                    examId: try exam.first.decode("exam_id"), examTitle: try exam.first.decode("title"), courseId: courseID,
                    attemptId: grade.attemptID, score: grade.score, maxScore: grade.maxScore, submittedAt: grade.submittedAt,
                    needsGrading: grade.needsGrading ? true : nil,
                    grade: lookup.grade(
                        courseID: courseID, studentID: studentID, score: grade.score, maxScore: grade.maxScore,
                        pending: grade.needsGrading)))
        }
        return Array(grades.filter { $0.attemptId > page.after ?? 0 }.sorted { $0.attemptId < $1.attemptId }.prefix(page.fetchLimit))
    }
}

/// Graded attempts read one row each (columns `id`, `number`, `score`, `max_score`,
/// `submitted_at`, `needs_grading`), grouped by whoever a grade is for: consecutive rows with the same `group`
/// columns.
enum GradedAttempts {
    struct Group {
        /// The group's first row, for its other columns.
        var first: PostgresRow
        var attempts: [ScoredAttempt]
    }

    static func byExam(_ rows: PostgresRows) throws -> [Group] {
        try grouped(rows) { row in [try row.decode("exam_id", as: Int.self)] }
    }

    /// Groups consecutive rows with equal `key`s.
    static func grouped(_ rows: PostgresRows, key: (PostgresRow) throws -> [AnyHashable]) throws -> [Group] {
        var groups: [(key: [AnyHashable], group: Group)] = []
        for row in rows {
            let attempt = ScoredAttempt(
                id: try row.decode("id"), number: try row.decode("number"), score: try row.decode("score"),
                maxScore: try row.decode("max_score"), submittedAt: try row.decode("submitted_at"),
                needsGrading: try row.decode("needs_grading"))
            let rowKey = try key(row)
            if let last = groups.indices.last, groups[last].key == rowKey {
                groups[last].group.attempts.append(attempt)
            } else {
                groups.append((rowKey, Group(first: row, attempts: [attempt])))
            }
        }
        return groups.map(\.group)
    }
}
