import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A faculty member's changes to their exams, as the API and the `/teach` pages both make
/// them: write (create, replace), publish, close and reopen, and one student's own terms for one exam
/// (overrides). The same validation, limits and refusals (`ActionRefusal`); another's exam or
/// course is "not found".
struct FacultyExamActions: Sendable {
    let exams: ExamRepository
    let limiter: RateLimiter
    let caps: ExamCaps
    let studentTerms: StudentTermsRepository
    let clock: ServerClock
    /// Submits the attempts a close ended before a reopening (the server's own; nil: one
    /// without the running attempts' question cache).
    var expired: ExpiredAttemptRepository? = nil

    func create(_ draft: ExamDraft, courseID: Int, facultyID: Int, logger: Logger) async throws -> Exam {
        let exam = try ExamValidation.validate(draft)
        if case .limited(let refusal) = try await limiter.examCreation(facultyID: facultyID, logger: logger) {
            throw ActionRefusal.limited(refusal)
        }
        switch try await exams.create(courseID: courseID, facultyID: facultyID, exam: exam, caps: caps, logger: logger) {
        case .created(let created): return created
        case .notFound: throw FacultyCourseActions.noSuchCourse(courseID)
        case .capReached(let message): throw ActionRefusal.capReached(message)
        }
    }

    func replace(_ draft: ExamDraft, examID: Int, facultyID: Int, logger: Logger) async throws -> Exam {
        let exam = try ExamValidation.validate(draft)
        switch try await exams.replace(examID: examID, facultyID: facultyID, exam: exam, caps: caps, logger: logger) {
        case .replaced(let exam): return exam
        case .notFound: throw Self.noSuchExam(examID)
        case .capReached(let message): throw ActionRefusal.capReached(message)
        case .notDraft(let status):
            throw ActionRefusal.conflict("api-faculty.exam-not-draft", ["exam": .integer(examID), "status": Self.named(status)])
        }
    }

    /// Publishes a draft (`from: .draft, to: .published`), closes a published exam or reopens a closed one.
    func transition(examID: Int, facultyID: Int, from: ExamStatus, to: ExamStatus, logger: Logger) async throws -> Exam {
        switch try await exams.transition(examID: examID, facultyID: facultyID, from: from, to: to, now: clock.now(), logger: logger) {
        case .done(let exam): return exam
        case .notFound: throw Self.noSuchExam(examID)
        case .wrongState(let status):
            throw ActionRefusal.conflict(
                "api-faculty.exam-transition",
                ["exam": .integer(examID), "status": Self.named(status), "from": Self.named(from), "to": Self.named(to)])
        case .drawsShort(let why):
            throw ActionRefusal.conflict("api-faculty.exam-draws-short", ["exam": .integer(examID), "why": .message(why)])
        case .windowEnded: throw ActionRefusal.conflict("closing.window-ended", ["exam": .integer(examID)])
        }
    }

    /// Reopens a closed exam: published again, its closing moment forgotten. The attempts the
    /// close ended stay ended (submitted first, with what was saved); refused (409) when the
    /// exam's closing time has passed and no student's own terms close later.
    func reopen(examID: Int, facultyID: Int, logger: Logger) async throws -> Exam {
        try await (expired ?? ExpiredAttemptRepository(pool: exams.pool)).submit(examID: examID, now: clock.now(), logger: logger)
        return try await transition(examID: examID, facultyID: facultyID, from: .closed, to: .published, logger: logger)
    }

    /// How many enrolled students have not started the exam and how many attempts are
    /// running, shown before closing it.
    func closingCounts(examID: Int, facultyID: Int, logger: Logger) async throws -> (notSat: Int, running: Int) {
        guard let counts = try await exams.closingCounts(examID: examID, facultyID: facultyID, now: clock.now(), logger: logger) else {
            throw Self.noSuchExam(examID)
        }
        return counts
    }

    /// One student's own terms for the exam: extra attempts, a window, a time limit.
    func setOverride(_ body: ExamOverride, examID: Int, studentID: Int, facultyID: Int, logger: Logger) async throws -> ExamOverride {
        let override = try ExamDayValidation.validate(body)
        try await limiter.admit(.examDayChangesPerFaculty, userID: facultyID, logger: logger)
        guard
            let stored = try await studentTerms.setOverride(
                override, examID: examID, studentID: studentID, facultyID: facultyID, logger: logger)
        else {
            throw ActionRefusal.notFound(
                "api-faculty.exam-student-not-enrolled", ["student": .integer(studentID), "exam": .integer(examID)])
        }
        return stored
    }

    func removeOverride(examID: Int, studentID: Int, facultyID: Int, logger: Logger) async throws {
        try await limiter.admit(.examDayChangesPerFaculty, userID: facultyID, logger: logger)
        guard try await studentTerms.removeOverride(examID: examID, studentID: studentID, facultyID: facultyID, logger: logger) else {
            throw ActionRefusal.notFound("api-faculty.no-override", ["student": .integer(studentID), "exam": .integer(examID)])
        }
    }

    static func noSuchExam(_ examID: Int) -> ActionRefusal { ActionRefusal.notFound("api-faculty.no-exam", ["exam": .integer(examID)]) }

    /// An exam's status as a sentence names it, in the reader's language.
    static func named(_ status: ExamStatus) -> MessageValue {
        switch status {
        case .draft: .message(Message("teach.status.draft"))
        case .published: .message(Message("teach.status.published"))
        case .closed: .message(Message("teach.status.closed"))
        }
    }
}
