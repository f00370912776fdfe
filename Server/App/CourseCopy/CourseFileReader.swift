import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes

/// Reads and checks a course's file (`CourseExportFile`) before anything is written: what it
/// says it is first (a file of another kind or from a newer server is refused for that), then
/// every part as the API's own routes check it. A checksum in the file would prove nothing
/// (whoever changed the file could change it too), so nothing in the file is trusted: every
/// question passes `QuestionValidation`, every exam `ExamValidation`, the grade scale
/// `GradeScale.checked`, every picture `PictureReader` (and its bytes must have the SHA-256 the
/// file gives), and every picture a question shows must be one of the file's. Pure: bytes in,
/// a `ValidCourseFile` or a refusal out.
enum CourseFileReader {
    /// The most bytes a course's file may have: the bank import's bound (`APILimits.maxBodyBytes`)
    /// for the text, plus the course's picture quota in base64, plus 64 KiB for the frame.
    static func maxBytes(quotaBytes: Int) -> Int {
        APILimits.maxBodyBytes + (quotaBytes + 2) / 3 * 4 + 64 * 1024
    }

    /// Whether `bytes` start as a gzip or a zip file does (refused unread: 415).
    static func isCompressed(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(4))
        return head.starts(with: [0x1F, 0x8B]) || head.starts(with: [0x50, 0x4B, 0x03, 0x04])
            || head.starts(with: [0x28, 0xB5, 0x2F, 0xFD])
    }

    /// The file in `bytes`, checked; `title` (when given) names the new course instead of the
    /// file's name. `quotaBytes` bounds the pictures together.
    static func read(_ bytes: [UInt8], title: String?, quotaBytes: Int) throws -> ValidCourseFile {
        guard !isCompressed(bytes) else { throw HTTPFailure(.unsupportedMediaType, .unsupportedMediaType, "course-copy.compressed") }
        guard String(validating: bytes, as: UTF8.self) != nil else { throw InvalidInput("validation.body.not-utf8") }
        let data = Data(bytes)
        let decoder = ExamPrepJSON.makeRequestDecoder()
        let header = try decoding { try decoder.decode(CourseExportHeader.self, from: data) }
        guard header.format == CourseExportFile.formatName, let version = header.version, version >= 1 else {
            throw InvalidInput("course-copy.wrong-format", ["format": .text(CourseExportFile.formatName)])
        }
        guard version <= CourseExportFile.currentVersion else {
            throw InvalidInput(
                "course-copy.newer-version", ["version": .integer(version), "ours": .integer(CourseExportFile.currentVersion)])
        }
        let file = try decoding { try decoder.decode(CourseExportFile.self, from: data) }
        return try check(file, title: title, quotaBytes: quotaBytes)
    }

    /// Every part of a decoded file, checked.
    static func check(_ file: CourseExportFile, title: String?, quotaBytes: Int) throws -> ValidCourseFile {
        let name = try Validators.text(title ?? file.course.name, field: FacultyCourseActions.nameField, length: 2...100)
        let description = try Validators.text(file.course.description, field: FacultyCourseActions.descriptionField, length: 2...1000)
        let timeZone = try file.course.timeZone.map { try Validators.timeZone($0) } ?? "UTC"
        var scale: GradeScale?
        if let bands = file.gradeScale?.bands, !bands.isEmpty {
            do throws(GradeScaleProblem) { scale = try GradeScale.checked(bands) } catch { throw InvalidInput(error.message) }
            scale?.preset = file.gradeScale?.preset
        }
        let pictures = try CoursePictureCheck.check(file.pictures, quotaBytes: quotaBytes)
        let known = Set(pictures.map(\.fileID))
        let questions = try file.questions.enumerated().map { index, draft in
            let field = "questions[\(index)]"
            try requireKnownPictures(draft, known: known, field: field)
            return try QuestionValidation.validate(draft, field: field)
        }
        let exams = try file.exams.enumerated().map { index, draft in
            for (position, question) in draft.questions.enumerated() {
                try requireKnownPictures(question, known: known, field: "exams[\(index)].questions[\(position)]")
            }
            do { return try ExamValidation.validate(draft) } catch let invalid as InvalidInput {
                throw InvalidInput("course-copy.exam-invalid", ["exam": .integer(index + 1), "reason": .message(invalid.message)])
            }
        }
        return ValidCourseFile(
            name: name, description: description, timeZone: timeZone, scale: scale, pictures: pictures, questions: questions, exams: exams)
    }

    /// Refuses a question whose picture (or a choice's) is not one of the file's.
    private static func requireKnownPictures(_ draft: QuestionDraft, known: Set<Int>, field: String) throws {
        let shown = [draft.image?.mediaId].compactMap { $0 } + (draft.choices ?? []).compactMap { $0.image?.mediaId }
        if let missing = shown.first(where: { !known.contains($0) }) {
            throw InvalidInput("course-copy.unknown-picture", ["field": .text(field), "id": .integer(missing)])
        }
    }

    /// `body`'s value, its decoding error said as the API says a body's.
    private static func decoding<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DecodingError { throw InvalidInput(APIRequestDecoder.message(for: error)) }
    }
}

/// A course's file that passed `CourseFileReader`: what the import writes.
struct ValidCourseFile: Sendable {
    var name: String
    var description: String
    var timeZone: String
    var scale: GradeScale?
    var pictures: [CoursePictureCheck.Picture]
    var questions: [ValidQuestion]
    var exams: [ValidExam]

    /// The questions and exams with each picture id of the file replaced by the course's own.
    func renumbered(_ ids: [Int: Int]) -> (questions: [ValidQuestion], exams: [ValidExam]) {
        func renumber(_ image: QuestionImage?) -> QuestionImage? {
            image.map { QuestionImage(mediaId: ids[$0.mediaId] ?? $0.mediaId, alt: $0.alt) }
        }
        func renumber(_ question: ValidQuestion) -> ValidQuestion {
            var question = question
            question.image = renumber(question.image)
            for index in question.choices.indices { question.choices[index].image = renumber(question.choices[index].image) }
            return question
        }
        return (
            questions.map(renumber),
            exams.map { exam in
                var exam = exam
                exam.questions = exam.questions.map(renumber)
                return exam
            }
        )
    }
}
