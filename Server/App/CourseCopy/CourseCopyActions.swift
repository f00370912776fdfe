import ExamPrepPostgres
import ExamPrepShared
import Foundation
import HTTPTypes
import Logging

/// A course's file out and back, as the API and the `/teach` pages both do it: the export
/// (`CourseExportWriter`), the import of a file (`CourseFileReader`, then `CourseImporter`) and
/// the copy of a course, which is its export imported at once on the server, checked as any
/// file is. docs/DATA.md describes the file and the bounds.
struct CourseCopyActions: Sendable {
    let writer: CourseExportWriter
    let importer: CourseImporter
    /// The most bytes one course's pictures may take (`MEDIA_QUOTA_PER_COURSE_MB`).
    let quotaBytes: Int
    let clock: ServerClock

    /// The actions on the server's repositories and limits (the API's and the pages' alike).
    init(pool: PostgresPool, courses: FacultyCourseActions, limiter: RateLimiter, configuration: AppConfiguration) {
        writer = CourseExportWriter(
            courses: courses, bank: QuestionBankRepository(pool: pool, caps: configuration.examCaps), exams: ExamRepository(pool: pool),
            scales: GradeScaleRepository(pool: pool), pool: pool)
        importer = CourseImporter(
            pool: pool, limiter: limiter, caps: configuration.examCaps, maxCoursesPerFaculty: configuration.maxCoursesPerFaculty,
            clock: configuration.clock)
        quotaBytes = configuration.mediaQuotaPerCourseMB << 20
        clock = configuration.clock
    }

    /// The most bytes a course's file may have.
    var maxFileBytes: Int { CourseFileReader.maxBytes(quotaBytes: quotaBytes) }

    func export(courseID: Int, facultyID: Int, logger: Logger) async throws -> CourseExportWriter.Export {
        try await writer.export(courseID: courseID, facultyID: facultyID, now: clock.now(), logger: logger)
    }

    /// A new course of the faculty member from a file's bytes; `title` names it instead of the file's name.
    func importFile(_ bytes: [UInt8], title: String?, facultyID: Int, logger: Logger) async throws -> CourseImportResponse {
        let file = try CourseFileReader.read(bytes, title: title, quotaBytes: quotaBytes)
        return try await importer.write(file, facultyID: facultyID, logger: logger)
    }

    /// The faculty member's course copied as a new course named `title`: its settings, bank,
    /// exams (as drafts), grade scale and pictures, no students.
    func copy(courseID: Int, title: String, facultyID: Int, logger: Logger) async throws -> CourseImportResponse {
        let export = try await export(courseID: courseID, facultyID: facultyID, logger: logger)
        var bytes: [UInt8] = []
        let bound = maxFileBytes
        try await export.pieces { piece in
            guard bytes.count + piece.utf8.count <= bound else {
                throw HTTPFailure(.contentTooLarge, .payloadTooLarge, "course-copy.too-large", ["mb": .integer(bound >> 20)])
            }
            bytes.append(contentsOf: piece.utf8)
        }
        return try await importFile(bytes, title: title, facultyID: facultyID, logger: logger)
    }
}
