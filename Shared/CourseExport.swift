import Foundation

/// A course as one file (`GET /api/faculty/courses/{courseId}/export`, read back by
/// `POST /api/faculty/courses/import`): its settings, grade scale, question bank, exams and
/// pictures, never a student, an attempt or an accommodation. docs/DATA.md describes it field
/// by field.
///
/// A picture is named by its `id` in the file (the exporting server's id); every question's
/// and choice's `image.mediaId` names one of the file's pictures. The importing server gives
/// each picture a new id and rewrites the questions to match.
public struct CourseExportFile: Codable, Sendable, Hashable {
    /// `format`'s one value.
    public static let formatName = "examprep-course"
    /// The newest `version` this build writes and reads.
    public static let currentVersion = 1

    public var format: String
    public var version: Int
    public var exportedAt: Date?
    public var course: CourseExportSettings
    /// The course's grade scale; nil or no bands: percentages only.
    public var gradeScale: GradeScale?
    /// The bank's current questions, with their topics, tags and practice flag.
    public var questions: [QuestionDraft]
    /// Every exam as a draft (its own questions and its draws from the bank).
    public var exams: [ExamDraft]
    public var pictures: [CourseExportPicture]

    public init(
        exportedAt: Date? = nil, course: CourseExportSettings, gradeScale: GradeScale? = nil, questions: [QuestionDraft] = [],
        exams: [ExamDraft] = [], pictures: [CourseExportPicture] = []
    ) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.exportedAt = exportedAt
        self.course = course
        self.gradeScale = gradeScale
        self.questions = questions
        self.exams = exams
        self.pictures = pictures
    }
}

/// What a file says it is, read before the rest of it: a file from a newer server or of
/// another kind is refused for that, not for a field it does not know.
public struct CourseExportHeader: Codable, Sendable, Hashable {
    public var format: String?
    public var version: Int?

    public init(format: String?, version: Int?) {
        self.format = format
        self.version = version
    }
}

/// A course's own settings in its file: what creating the course takes.
public typealias CourseExportSettings = CreateCourseRequest

/// One picture of a course's file: its id in the file, its type (`image/png`, `image/jpeg`,
/// `image/webp`, `image/gif`), the SHA-256 of its bytes (hex) and the bytes in base64.
public struct CourseExportPicture: Codable, Sendable, Hashable {
    public var id: Int
    public var type: String
    public var sha256: String
    public var data: String

    public init(id: Int, type: String, sha256: String, data: String) {
        self.id = id
        self.type = type
        self.sha256 = sha256
        self.data = data
    }
}

/// The answer to `POST /api/faculty/courses/import`: the new course and what it holds.
public struct CourseImportResponse: Codable, Sendable, Hashable {
    public var course: Course
    public var questions: Int
    public var exams: Int
    public var pictures: Int

    public init(course: Course, questions: Int, exams: Int, pictures: Int) {
        self.course = course
        self.questions = questions
        self.exams = exams
        self.pictures = pictures
    }
}
