import ExamPrepExams
import ExamPrepInterchange
import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/faculty/courses/{courseId}/questions…` and `/api/faculty/questions/{questionId}…`: a
/// course's question bank for its faculty member: list, write, edit (by version), delete,
/// import and export GIFT (and import Aiken), regrade. Another's course or question is 404.
struct FacultyQuestionController {
    let bank: QuestionBankRepository
    let regrades: RegradeRepository
    let ownership: OwnershipRepository
    let cursors: CursorCodec
    let limiter: RateLimiter

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.get(RouterPath(APIPaths.courseQuestions.pattern), use: list)
        faculty.post(RouterPath(APIPaths.courseQuestions.pattern), use: create)
        faculty.post(RouterPath(APIPaths.importQuestions.pattern), use: importFile)
        faculty.get(RouterPath(APIPaths.exportQuestions.pattern), use: export)
        faculty.get(RouterPath(APIPaths.facultyQuestion.pattern), use: question)
        faculty.put(RouterPath(APIPaths.facultyQuestion.pattern), use: replace)
        faculty.delete(RouterPath(APIPaths.facultyQuestion.pattern), use: delete)
        faculty.post(RouterPath(APIPaths.regradeQuestion.pattern), use: regrade)
    }

    @Sendable func list(_ request: Request, context: AuthenticatedContext) async throws -> Page<Question> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let page = try PageRequest(request, cursors: cursors)
        let (topic, tag) = try Self.filters(request)
        guard
            let questions = try await bank.list(
                courseID: courseID, facultyID: context.user.id, topic: topic, tag: tag, page: page, logger: context.logger)
        else { throw Self.noSuchCourse(courseID) }
        return Page(questions, page: page, cursors: cursors, key: \.id)
    }

    @Sendable func create(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<Question> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let question = try QuestionValidation.validate(
            try await request.decode(as: QuestionDraft.self, context: context), field: "question")
        try await limiter.admit(.questionWritesPerFaculty, context: context)
        switch try await bank.create([question], courseID: courseID, facultyID: context.user.id, logger: context.logger) {
        case .saved(let saved):
            guard let created = saved.first else { throw Self.noSuchCourse(courseID) }
            return EditedResponse(status: .created, response: created)
        case .notFound: throw Self.noSuchCourse(courseID)
        case .capReached(let why): throw HTTPFailure.conflict(why, code: .limitReached)
        }
    }

    /// The file is the body (`text/plain`, UTF-8): GIFT, or Aiken with `?format=aiken`. The
    /// course must be the caller's before the body is read, and an import counts against the
    /// caller's limit before it is parsed; the report lists the first 100 questions left out.
    @Sendable func importFile(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<QuestionImportReport> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let query = request.uri.queryParameters
        let format = try Self.format(query.get(APIPaths.formatQueryItem))
        let dryRun = try Self.flag(query.get(APIPaths.dryRunQueryItem), field: APIPaths.dryRunQueryItem)
        let practice = try Self.flag(query.get(APIPaths.practiceQueryItem), field: APIPaths.practiceQueryItem)
        guard JSONBodyMiddleware<AuthenticatedContext>.isText(request.headers[values: .contentType].first) else {
            throw HTTPFailure.notPlainText
        }
        guard try await ownership.owns(.course(courseID), facultyID: context.user.id, logger: context.logger) else {
            throw Self.noSuchCourse(courseID)
        }
        try await limiter.admit(.questionImportsPerFaculty, context: context)
        var body = request
        let buffer = try await body.collectBody(upTo: context.maxUploadSize)
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw InvalidInput("The file is not UTF-8 text.")
        }
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw InvalidInput("The file is empty.") }
        var read = QuestionImport.read(text, format: format)
        // `?practice=true`: the imported questions are open for practice at once.
        if practice {
            for index in read.questions.indices { read.questions[index].bank.practice = true }
        }
        if dryRun {
            return EditedResponse(
                status: .ok,
                response: QuestionImportReport(
                    imported: read.questions.count, skipped: read.skipped, skippedCount: read.skippedCount, questionIds: []))
        }
        switch try await bank.create(read.questions, courseID: courseID, facultyID: context.user.id, logger: context.logger) {
        case .saved(let saved):
            return EditedResponse(
                status: .created,
                response: QuestionImportReport(
                    imported: saved.count, skipped: read.skipped, skippedCount: read.skippedCount, questionIds: saved.map(\.id)))
        case .notFound: throw Self.noSuchCourse(courseID)
        case .capReached(let why): throw HTTPFailure.conflict(why, code: .limitReached)
        }
    }

    /// The bank as GIFT, written a page of questions at a time: the response never holds the
    /// whole bank (5,000 questions of up to 100 options each).
    @Sendable func export(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        guard try Self.format(request.uri.queryParameters.get(APIPaths.formatQueryItem)) == .gift else {
            throw InvalidInput("format must be gift: Aiken can only be imported.")
        }
        let (topic, tag) = try Self.filters(request)
        let facultyID = context.user.id
        let logger = context.logger
        let bank = bank
        guard
            let first = try await bank.page(
                courseID: courseID, facultyID: facultyID, topic: topic, tag: tag, after: nil, limit: Self.exportPage, logger: logger)
        else { throw Self.noSuchCourse(courseID) }
        let body = ResponseBody { writer in
            var pages = GIFTWriter.Pages()
            var page = first
            while true {
                try await writer.write(ByteBuffer(string: pages.write(page.map(InterchangeMapping.interchange))))
                guard page.count == Self.exportPage, let last = page.last?.familyID,
                    let next = try await bank.page(
                        courseID: courseID, facultyID: facultyID, topic: topic, tag: tag, after: last, limit: Self.exportPage,
                        logger: logger),
                    !next.isEmpty
                else { break }
                page = next
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/plain; charset=utf-8",
                .contentDisposition: "attachment; filename=\"questions-course-\(courseID).gift.txt\"",
            ],
            body: body)
    }

    /// Questions per page of an export.
    static let exportPage = 50

    @Sendable func question(_ request: Request, context: AuthenticatedContext) async throws -> Question {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        guard let question = try await bank.question(familyID: questionID, facultyID: context.user.id, logger: context.logger) else {
            throw Self.noSuchQuestion(questionID)
        }
        return question
    }

    @Sendable func replace(_ request: Request, context: AuthenticatedContext) async throws -> Question {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        let question = try QuestionValidation.validate(
            try await request.decode(as: QuestionDraft.self, context: context), field: "question")
        try await limiter.admit(.questionWritesPerFaculty, context: context)
        switch try await bank.replace(familyID: questionID, facultyID: context.user.id, with: question, logger: context.logger) {
        case .replaced(let replaced): return replaced
        case .notFound: throw Self.noSuchQuestion(questionID)
        case .capReached(let why): throw HTTPFailure.conflict(why, code: .limitReached)
        }
    }

    @Sendable func delete(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        try await limiter.admit(.questionWritesPerFaculty, context: context)
        switch try await bank.delete(familyID: questionID, facultyID: context.user.id, logger: context.logger) {
        case .deleted: return SuccessResponse(message: "Question \(questionID) is deleted; attempts that showed it keep it.")
        case .notFound: throw Self.noSuchQuestion(questionID)
        case .inExam(let examID):
            throw HTTPFailure.conflict("Question \(questionID) is one of exam \(examID)'s own; rewrite the exam (or delete it) instead.")
        }
    }

    @Sendable func regrade(_ request: Request, context: AuthenticatedContext) async throws -> [RegradeChange] {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        let body = try await request.decode(as: RegradeRequest.self, context: context)
        try await limiter.admit(.regradesPerFaculty, context: context)
        guard
            let changes = try await regrades.regrade(
                familyID: questionID, facultyID: context.user.id, mode: body.mode, dryRun: body.dryRun, logger: context.logger)
        else { throw Self.noSuchQuestion(questionID) }
        return changes
    }

    // MARK: - Steps

    private static func filters(_ request: Request) throws -> (topic: String?, tag: String?) {
        let query = request.uri.queryParameters
        let topic = try query.get(APIPaths.topicQueryItem).flatMap { try QuestionValidation.topic($0, field: "topic") }
        let tag = try query.get(APIPaths.tagQueryItem).flatMap { $0.isEmpty ? nil : try Validators.text($0, field: "tag", length: 1...50) }
        return (topic, tag)
    }

    /// `true` or `false`; absent is false.
    static func flag(_ raw: String?, field: String) throws -> Bool {
        switch raw {
        case nil, "false": false
        case "true": true
        default: throw InvalidInput("\(field) must be true or false.")
        }
    }

    private static func format(_ raw: String?) throws -> InterchangeFormat {
        guard let raw else { return .gift }
        guard let format = InterchangeFormat(rawValue: raw) else { throw InvalidInput("format must be gift or aiken.") }
        return format
    }

    private static func noSuchCourse(_ courseID: Int) -> HTTPFailure {
        HTTPFailure.notFound("You have no course \(courseID).")
    }

    private static func noSuchQuestion(_ questionID: Int) -> HTTPFailure {
        HTTPFailure.notFound("You have no question \(questionID).")
    }
}
