import ExamPrepExams
import ExamPrepInterchange
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A course's question bank as the API and the `/teach` pages both change it: importing a
/// GIFT, Aiken or Moodle XML file (a dry run or for real), the GIFT export as a streamed download, and
/// opening questions for practice. Refusals are `ActionRefusal`s (a page shows them as its
/// error); another's course is "not found".
struct FacultyQuestionActions: Sendable {
    let bank: QuestionBankRepository
    let regrades: RegradeRepository
    let limiter: RateLimiter
    let clock: ServerClock
    /// Where an import's pictures are stored, and an export's read.
    let media: MediaStore

    /// What an import read and stored (on a dry run, what it would store), and the course's name.
    struct Imported: Sendable {
        var report: QuestionImportReport
        var read: QuestionImport.Read
        /// The format the file was read as.
        var format: InterchangeFormat
        /// The dry run's page names the course.
        var courseName: String
    }

    /// A file of questions into the course's bank: the whole use case of the API's import and
    /// the `/teach` upload. The format named is checked (`gift` when none; `xmlBody`, a body
    /// sent as XML, is Moodle XML whatever it names); the course must be the caller's, and the
    /// import counts against the caller's limit, before `text` is read (the API reads its body
    /// only then). Unless `dryRun`, the questions are stored, all or none, within the course's
    /// caps; with `practice` they are open for practice. The report lists the first 100
    /// questions left out, each reason said by `catalogue`. A dry run stores nothing, pictures
    /// included; an import stores the questions' pictures first (see `storePictures`).
    func importFile(
        format named: String?, xmlBody: Bool = false, practice: Bool, dryRun: Bool, courseID: Int, facultyID: Int,
        catalogue: Catalogue, logger: Logger, text: () async throws -> String
    ) async throws -> Imported {
        let named = try Self.format(named)
        let format = xmlBody ? .moodlexml : named
        guard let courseName = try await bank.courseName(courseID: courseID, facultyID: facultyID, logger: logger) else {
            throw Self.noSuchCourse(courseID)
        }
        try await limiter.admit(.questionImportsPerFaculty, userID: facultyID, logger: logger)
        let text = try await text()
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw InvalidInput("api-faculty.file-empty") }
        var read = try QuestionImport.read(text, format: format)
        if practice {
            for index in read.questions.indices where read.questions[index].kind.isAutoGraded { read.questions[index].bank.practice = true }
        }
        if dryRun {
            let report = QuestionImportReport(
                imported: read.questions.count, skipped: read.skipped(in: catalogue), skippedCount: read.skippedCount, questionIds: [],
                leftOut: read.leftOut(in: catalogue))
            return Imported(report: report, read: read, format: format, courseName: courseName)
        }
        try await storePictures(&read, courseID: courseID, facultyID: facultyID, logger: logger)
        switch try await bank.create(read.questions, courseID: courseID, facultyID: facultyID, logger: logger) {
        case .saved(let saved):
            let report = QuestionImportReport(
                imported: saved.count, skipped: read.skipped(in: catalogue), skippedCount: read.skippedCount, questionIds: saved.map(\.id),
                leftOut: read.leftOut(in: catalogue))
            return Imported(report: report, read: read, format: format, courseName: courseName)
        case .notFound: throw Self.noSuchCourse(courseID)
        case .capReached(let why): throw ActionRefusal.capReached(why)
        }
    }

    /// Stores each question's pictures (each in its own transaction, as `MediaStore` does) and
    /// puts them on it; a question whose picture is refused (the course's quota) is skipped and
    /// reported. Pictures are content-addressed per course: a picture already stored is the
    /// same row, so an import that fails after this (the bank's cap) and is tried again stores
    /// no picture twice; what it stored stays among the course's pictures.
    private func storePictures(_ read: inout QuestionImport.Read, courseID: Int, facultyID: Int, logger: Logger) async throws {
        guard read.pictureCount > 0 else { return }
        var kept: [ValidQuestion] = []
        var keptPictures: [ImportPictures] = []
        for (question, pictures) in zip(read.questions, read.pictures) {
            var question = question
            if let refused = try await pictures.store(on: &question, courseID: courseID, facultyID: facultyID, media: media, logger: logger)
            {
                read.skip(line: pictures.line, name: pictures.name, refused)
                continue
            }
            kept.append(question)
            keptPictures.append(pictures)
        }
        read.questions = kept
        read.pictures = keptPictures
        read.sortReports()
    }

    /// The bank (or a topic's, a tag's questions) as GIFT, written a page of questions at a
    /// time: the file never holds the whole bank (5,000 questions of up to 100 options each).
    /// "Not found" (before anything is written) for another's course.
    func export(
        courseID: Int, facultyID: Int, topic: String?, tag: String?, format: InterchangeFormat = .gift, logger: Logger
    ) async throws -> GIFTExport {
        let bank = bank
        let media = media
        guard
            let first = try await bank.page(
                courseID: courseID, facultyID: facultyID, topic: topic, tag: tag, after: nil, limit: Self.exportPage, logger: logger)
        else { throw Self.noSuchCourse(courseID) }
        let moodleXML = format == .moodlexml
        return GIFTExport(courseID: courseID, format: moodleXML ? .moodlexml : .gift) { write in
            var pages = GIFTWriter.Pages()
            var xmlPages = MoodleXMLWriter.Pages()
            var page = first
            if moodleXML { try await write(MoodleXMLWriter.header) }
            while true {
                var questions = page.map(InterchangeMapping.interchange)
                if moodleXML {
                    questions = try await InterchangeMapping.withPictures(
                        questions, of: page, media: media.media, facultyID: facultyID, logger: logger)
                }
                try await write(moodleXML ? xmlPages.write(questions) : pages.write(questions))
                guard page.count == Self.exportPage, let last = page.last?.familyID,
                    let next = try await bank.page(
                        courseID: courseID, facultyID: facultyID, topic: topic, tag: tag, after: last, limit: Self.exportPage,
                        logger: logger),
                    !next.isEmpty
                else { break }
                page = next
            }
            if moodleXML { try await write(MoodleXMLWriter.footer) }
        }
    }

    /// A course's questions as a GIFT (or Moodle XML) file, written piece by piece when it is sent.
    struct GIFTExport: Sendable {
        let courseID: Int
        /// `gift` or `moodlexml`.
        var format: InterchangeFormat = .gift
        /// Hands each piece of the file to `write`, in order.
        let pieces: @Sendable (_ write: (String) async throws -> Void) async throws -> Void

        /// The name a browser saves it under.
        var filename: String { format == .moodlexml ? "questions-course-\(courseID).xml" : "questions-course-\(courseID).gift.txt" }
        /// The file's media type.
        var contentType: String { format == .moodlexml ? "application/xml; charset=utf-8" : "text/plain; charset=utf-8" }
    }

    /// Questions per page of an export.
    static let exportPage = 50

    /// Opens (or closes) the selected questions for practice; how many changed.
    /// Opens (or closes) questions for practice: how many changed, and how many of those an
    /// open exam can show, drawn or as its own (students see them once that exam is over).
    func markPractice(_ body: PracticeMarking, courseID: Int, facultyID: Int, logger: Logger) async throws
        -> (changed: Int, heldBack: Int)
    {
        let selection = try PracticeValidation.marking(body)
        try await limiter.admit(.questionWritesPerFaculty, userID: facultyID, logger: logger)
        guard
            let marked = try await bank.markPractice(
                selection, practice: body.practice, courseID: courseID, facultyID: facultyID, now: clock.now(), logger: logger)
        else { throw Self.noSuchCourse(courseID) }
        return marked
    }

    /// A new text for a bank question (a new version once attempts used it).
    func replace(_ draft: QuestionDraft, questionID: Int, facultyID: Int, logger: Logger) async throws -> Question {
        let question = try QuestionValidation.validate(draft, field: "question")
        try await limiter.admit(.questionWritesPerFaculty, userID: facultyID, logger: logger)
        switch try await bank.replace(familyID: questionID, facultyID: facultyID, with: question, logger: logger) {
        case .replaced(let replaced): return replaced
        case .notFound: throw Self.noSuchQuestion(questionID)
        case .capReached(let why): throw ActionRefusal.capReached(why)
        }
    }

    /// The score changes a regrade of the question makes (or would make, on a dry run).
    func regrade(questionID: Int, mode: RegradeMode, dryRun: Bool, facultyID: Int, logger: Logger) async throws -> [RegradeChange] {
        try await limiter.admit(.regradesPerFaculty, userID: facultyID, logger: logger)
        guard
            let changes = try await regrades.regrade(familyID: questionID, facultyID: facultyID, mode: mode, dryRun: dryRun, logger: logger)
        else { throw Self.noSuchQuestion(questionID) }
        return changes
    }

    static func noSuchQuestion(_ questionID: Int) -> ActionRefusal {
        ActionRefusal.notFound("api-faculty.no-question", ["question": .integer(questionID)])
    }

    /// The format an import or export names (`gift` when it names none), checked.
    static func format(_ raw: String?) throws -> InterchangeFormat {
        guard let raw else { return .gift }
        guard let format = InterchangeFormat(rawValue: raw) else { throw InvalidInput("api-faculty.import-format") }
        return format
    }

    /// `?topic=` and `?tag=` of a bank's list or export, checked.
    static func filters(topic: String?, tag: String?) throws -> (topic: String?, tag: String?) {
        let topic = try topic.flatMap { try QuestionValidation.topic($0, field: "topic") }
        let tag = try tag.flatMap { $0.isEmpty ? nil : try Validators.text($0, field: "tag", length: 1...50) }
        return (topic, tag)
    }

    static func noSuchCourse(_ courseID: Int) -> ActionRefusal { FacultyCourseActions.noSuchCourse(courseID) }
}
