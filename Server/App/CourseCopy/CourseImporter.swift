import ExamPrepPostgres
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// Writes a checked course file (`ValidCourseFile`) as a new course of the faculty member, in
/// one transaction: the course with a new code, its pictures, its bank, its exams (drafts) and
/// its grade scale, or nothing at all. The same limits hold as for each part made by hand: the
/// courses per faculty member and their rate, the course's caps on questions and exams (the
/// pictures' quota was checked with the file), and every draw of an exam must be one the
/// file's bank can fill.
struct CourseImporter: Sendable {
    let pool: PostgresPool
    let limiter: RateLimiter
    let caps: ExamCaps
    let maxCoursesPerFaculty: Int
    let clock: ServerClock

    func write(_ file: ValidCourseFile, facultyID: Int, logger: Logger) async throws -> CourseImportResponse {
        if case .limited(let refusal) = try await limiter.courseCreation(facultyID: facultyID, logger: logger) {
            throw ActionRefusal.limited(refusal)
        }
        let (caps, maxCourses, now) = (caps, maxCoursesPerFaculty, clock.now())
        do {
            return try await pool.transaction(logger: logger) { transaction in
                let course = try await Self.course(file, facultyID: facultyID, maxCourses: maxCourses, in: transaction)
                guard let courseID = course.id else { throw ActionRefusal.busy(Message("api-faculty.no-free-code")) }
                // The same bytes twice in a file are one picture of the course, as an upload makes them.
                var ids: [Int: Int] = [:]
                var byDigest: [[UInt8]: Int] = [:]
                for picture in file.pictures {
                    if let known = byDigest[picture.digest] {
                        ids[picture.fileID] = known
                        continue
                    }
                    guard
                        let id = try await MediaRepository.insert(
                            picture.bytes, digest: picture.digest, facts: picture.facts, courseID: courseID, uploadedBy: facultyID,
                            now: now, in: transaction)
                    else { throw FacultyCourseActions.noSuchCourse(courseID) }
                    ids[picture.fileID] = id
                    byDigest[picture.digest] = id
                }
                let (questions, exams) = file.renumbered(ids)
                if let cap = try await CourseCapacity.capReached(
                    courseID: courseID, adding: questions.count, addingExam: false, replacing: nil, caps: caps, in: transaction)
                {
                    throw ActionRefusal.capReached(cap)
                }
                let statements = QuestionStatements(transaction: transaction)
                for question in questions { try await statements.insert(question, at: .init(courseID: courseID)) }
                for (index, exam) in exams.enumerated() {
                    try await Self.write(exam, number: index + 1, courseID: courseID, caps: caps, in: transaction)
                }
                if let scale = file.scale {
                    try await GradeScaleRepository.write(scale, courseID: courseID, facultyID: facultyID, now: now, in: transaction)
                }
                logger.notice(
                    "course imported",
                    metadata: [
                        "course_id": "\(courseID)", "questions": "\(questions.count)", "exams": "\(exams.count)",
                        "pictures": "\(file.pictures.count)",
                    ])
                return CourseImportResponse(course: course, questions: questions.count, exams: exams.count, pictures: byDigest.count)
            }
        } catch let error as PostgresError where error.isUniqueViolation {
            throw ActionRefusal.conflict("api-faculty.course-name-taken", ["name": .text(file.name)])
        }
    }

    /// The new course's row, or the refusal `FacultyCourseActions.create` gives.
    private static func course(_ file: ValidCourseFile, facultyID: Int, maxCourses: Int, in transaction: Transaction) async throws
        -> Course
    {
        switch try await CourseRepository.insert(
            facultyID: facultyID, name: file.name, description: file.description, timeZone: file.timeZone, maxCourses: maxCourses,
            on: transaction.connection, logger: transaction.logger)
        {
        case .created(let course): return course
        case .limitReached: throw ActionRefusal.capReached(Message("api-faculty.course-limit", ["count": .integer(maxCourses)]))
        case .noFreeCode: throw ActionRefusal.busy(Message("api-faculty.no-free-code"))
        case .nameTaken: throw ActionRefusal.conflict("api-faculty.course-name-taken", ["name": .text(file.name)])
        }
    }

    /// One exam of the file as a draft of the new course; refused when the course's caps are
    /// reached or its draws ask the bank for more than the file's questions give.
    private static func write(_ exam: ValidExam, number: Int, courseID: Int, caps: ExamCaps, in transaction: Transaction) async throws {
        if let cap = try await CourseCapacity.capReached(
            courseID: courseID, adding: exam.questions.count, addingExam: true, replacing: nil, caps: caps, in: transaction)
        {
            throw ActionRefusal.capReached(cap)
        }
        let examID = try await ExamRepository.insertRow(exam, courseID: courseID, in: transaction)
        let content = ExamContentStatements(transaction: transaction)
        try await content.write(exam, examID: examID, courseID: courseID)
        if let why = try await content.shortfall(examID: examID, courseID: courseID) {
            throw InvalidInput("course-copy.draws-short", ["exam": .integer(number), "title": .text(exam.title), "why": .message(why)])
        }
    }
}
