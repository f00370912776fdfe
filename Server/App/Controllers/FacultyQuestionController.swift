import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// `/api/faculty/courses/{courseId}/questions…` and `/api/faculty/questions/{questionId}…`: a
/// course's question bank for its faculty member: list, write, edit (by version), delete,
/// import and export GIFT (and import Aiken), regrade. Another's course or question is 404.
struct FacultyQuestionController {
    let actions: FacultyQuestionActions
    let cursors: CursorCodec
    var bank: QuestionBankRepository { actions.bank }
    var limiter: RateLimiter { actions.limiter }

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

    /// The file is the body (`text/plain`, UTF-8): GIFT, or Aiken with `?format=aiken`, or
    /// Moodle XML with `?format=moodlexml` or as `application/xml` / `text/xml`. The
    /// course must be the caller's before the body is read, and an import counts against the
    /// caller's limit before it is parsed; the report lists the first 100 questions left out.
    @Sendable func importFile(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<QuestionImportReport> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let query = request.uri.queryParameters
        let dryRun = try Self.flag(query.get(APIPaths.dryRunQueryItem), field: APIPaths.dryRunQueryItem)
        let practice = try Self.flag(query.get(APIPaths.practiceQueryItem), field: APIPaths.practiceQueryItem)
        let contentType = request.headers[values: .contentType].first
        let xml = MoodleXMLBody.isXML(contentType)
        guard JSONBodyMiddleware<AuthenticatedContext>.isText(contentType) || xml else { throw HTTPFailure.notPlainText }
        let report = try await actions.importFile(
            format: query.get(APIPaths.formatQueryItem), xmlBody: xml, practice: practice, dryRun: dryRun, courseID: courseID,
            facultyID: context.user.id, catalogue: context.catalogue, logger: context.logger
        ) {
            var body = request
            let buffer = try await body.collectBody(upTo: context.maxUploadSize)
            guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
                throw InvalidInput("api-faculty.file-not-utf8")
            }
            return text
        }.report
        return EditedResponse(status: dryRun ? .ok : .created, response: report)
    }

    /// The bank as GIFT, streamed a page of questions at a time.
    @Sendable func export(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let format = try FacultyQuestionActions.format(request.uri.queryParameters.get(APIPaths.formatQueryItem))
        guard format != .aiken else { throw InvalidInput("api-faculty.export-format") }
        let (topic, tag) = try Self.filters(request)
        return try await actions.export(
            courseID: courseID, facultyID: context.user.id, topic: topic, tag: tag, format: format, logger: context.logger
        ).response
    }

    @Sendable func question(_ request: Request, context: AuthenticatedContext) async throws -> Question {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        guard let question = try await bank.question(familyID: questionID, facultyID: context.user.id, logger: context.logger) else {
            throw Self.noSuchQuestion(questionID)
        }
        return question
    }

    @Sendable func replace(_ request: Request, context: AuthenticatedContext) async throws -> Question {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        let draft = try await request.decode(as: QuestionDraft.self, context: context)
        return try await actions.replace(draft, questionID: questionID, facultyID: context.user.id, logger: context.logger)
    }

    @Sendable func delete(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        try await limiter.admit(.questionWritesPerFaculty, context: context)
        switch try await bank.delete(familyID: questionID, facultyID: context.user.id, logger: context.logger) {
        case .deleted:
            return SuccessResponse(
                message: context.catalogue.string(Message("api-faculty.question-deleted", ["question": .integer(questionID)])))
        case .notFound: throw Self.noSuchQuestion(questionID)
        case .inExam(let examID):
            throw HTTPFailure.conflict(
                "api-faculty.question-of-exam", ["question": .integer(questionID), "exam": .integer(examID)])
        }
    }

    @Sendable func regrade(_ request: Request, context: AuthenticatedContext) async throws -> [RegradeChange] {
        let questionID = try context.parameters.require("questionId", as: Int.self)
        let body = try await request.decode(as: RegradeRequest.self, context: context)
        return try await actions.regrade(
            questionID: questionID, mode: body.mode, dryRun: body.dryRun, facultyID: context.user.id, logger: context.logger)
    }

    // MARK: - Steps

    private static func filters(_ request: Request) throws -> (topic: String?, tag: String?) {
        let query = request.uri.queryParameters
        return try FacultyQuestionActions.filters(topic: query.get(APIPaths.topicQueryItem), tag: query.get(APIPaths.tagQueryItem))
    }

    /// `true` or `false`; absent is false.
    static func flag(_ raw: String?, field: String) throws -> Bool {
        switch raw {
        case nil, "false": false
        case "true": true
        default: throw InvalidInput("api-faculty.true-or-false", ["field": .text(field)])
        }
    }

    private static func noSuchCourse(_ courseID: Int) -> ActionRefusal {
        FacultyCourseActions.noSuchCourse(courseID)
    }

    private static func noSuchQuestion(_ questionID: Int) -> ActionRefusal { FacultyQuestionActions.noSuchQuestion(questionID) }
}
