import ExamPrepExams
import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Writes a course as its file (`CourseExportFile`, docs/DATA.md) a piece at a time: the
/// settings and grade scale, then the bank a page of questions at a time, the exams one at a
/// time and the pictures one at a time. Each piece is read on a pooled connection given back
/// before it is written, so the memory is one page's or one picture's (at most 2 MiB), and a
/// slow download holds no connection.
struct CourseExportWriter: Sendable {
    /// Bank questions per statement.
    static let questionPage = 50
    static let examPage = 20

    let courses: FacultyCourseActions
    let bank: QuestionBankRepository
    let exams: ExamRepository
    let scales: GradeScaleRepository
    let pool: PostgresPool

    /// A course's file, ready to be written.
    struct Export: Sendable {
        let course: Course
        let pieces: @Sendable (_ write: (String) async throws -> Void) async throws -> Void

        /// The name a browser saves it under.
        var filename: String { "course-\(course.courseCode.lowercased())-\(course.id ?? 0).examprep.json" }
    }

    /// The faculty member's course as a file; "not found" (before anything is written) for another's.
    func export(courseID: Int, facultyID: Int, now: Date, logger: Logger) async throws -> Export {
        let course = try await courses.course(courseID, facultyID: facultyID, logger: logger)
        let scale = try await scales.scale(courseID: courseID, facultyID: facultyID, logger: logger)
        let (bank, exams, pool) = (bank, exams, pool)
        let settings = CourseExportSettings(name: course.name, description: course.description, timeZone: course.timeZone)
        return Export(course: course) { write in
            let encoder = ExamPrepJSON.makeEncoder()
            func json(_ value: some Encodable) throws -> String { String(decoding: try encoder.encode(value), as: UTF8.self) }
            try await write(
                #"{"format":"\#(CourseExportFile.formatName)","version":\#(CourseExportFile.currentVersion),"#
                    + #""exportedAt":\#(try json(now)),"course":\#(try json(settings)),"#
                    + #""gradeScale":\#(scale.map { $0.bands.isEmpty ? "null" : (try? json($0)) ?? "null" } ?? "null")"#)
            try await write(#","questions":["#)
            var after: Int?
            var first = true
            while let page = try await bank.page(
                courseID: courseID, facultyID: facultyID, topic: nil, tag: nil, after: after, limit: Self.questionPage, logger: logger),
                let last = page.last
            {
                let drafts = try page.map { try json($0.facultyView(bankFields: true).draft) }
                try await write((first ? "" : ",") + drafts.joined(separator: ","))
                first = false
                after = last.familyID
                if page.count < Self.questionPage { break }
            }
            try await write(#"],"exams":["#)
            first = true
            var examAfter: Int?
            while true {
                let summaries = try await exams.summaries(
                    facultyID: facultyID, courseID: courseID, page: PageRequest(limit: Self.examPage, after: examAfter), logger: logger)
                for summary in summaries.prefix(Self.examPage) {
                    guard let exam = try await exams.exam(id: summary.id, facultyID: facultyID, logger: logger) else { continue }
                    try await write((first ? "" : ",") + (try json(Self.draft(exam))))
                    first = false
                }
                guard summaries.count > Self.examPage, let last = summaries.prefix(Self.examPage).last else { break }
                examAfter = last.id
            }
            try await write(#"],"pictures":["#)
            first = true
            var pictureAfter = 0
            while let picture = try await Self.picture(courseID: courseID, after: pictureAfter, pool: pool, logger: logger) {
                try await write((first ? "" : ",") + (try json(picture)))
                first = false
                pictureAfter = picture.id
            }
            try await write("]}")
        }
    }

    /// An exam as the file keeps it: a draft with its own questions and its draws.
    static func draft(_ exam: Exam) -> ExamDraft {
        ExamDraft(
            title: exam.title, instructions: exam.instructions, timeLimitMinutes: exam.timeLimitMinutes, opensAt: exam.opensAt,
            closesAt: exam.closesAt, maxAttempts: exam.maxAttempts, policy: exam.policy, questions: exam.questions.map(\.draft),
            draws: exam.draws ?? [])
    }

    /// The course's next picture after `after`, by id.
    static func picture(courseID: Int, after: Int, pool: PostgresPool, logger: Logger) async throws -> CourseExportPicture? {
        guard
            let row = try await pool.query(
                """
                SELECT m.id, b.content_type, encode(b.sha256, 'hex') AS sha256, b.bytes
                FROM course_media m JOIN media_blobs b ON b.sha256 = m.sha256
                WHERE m.course_id = \(courseID) AND m.id > \(after)
                ORDER BY m.id LIMIT 1
                """, logger: logger
            ).first
        else { return nil }
        let bytes: [UInt8] = try row.decode("bytes")
        return CourseExportPicture(
            id: try row.decode("id"), type: try row.decode("content_type"), sha256: try row.decode("sha256"),
            data: Data(bytes).base64EncodedString())
    }
}
