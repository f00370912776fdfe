import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `POST /api/faculty/courses/{courseId}/roster/import`: a teacher reads a class list (CSV,
/// as a spreadsheet saves it: UTF-8, Windows-1250 or ISO-8859-2, `,` `;` or tabs) into their course (`ClassList`, `ClassListImporter`); `?dryRun=true` says what it would
/// do and changes nothing. New accounts' links are mailed when the server sends mail, else
/// listed in the answer; accounts that exist are invited (their owners accept). Another's
/// course is 404; a list past the teacher's daily cap on new accounts is 409 `limit_reached`. An admin imports into any course through
/// `POST /api/admin/courses/{courseId}/roster/import`, written to the audit log.
struct ClassListController {
    let importer: ClassListImporter

    /// An account of an address on the list was made while it was imported.
    static let raced = HTTPFailure.conflict("api-faculty.class-list-raced")

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.classListImport.pattern), use: importList)
        let admins = group.group().add(middleware: RequireRole(.admin))
        admins.post(RouterPath(APIPaths.adminClassListImport.pattern), use: adminImport)
    }

    @Sendable func importList(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<ClassListImport> {
        try await read(request, context: context, by: .owner(context.user.id))
    }

    /// An admin's import into any course: the same, audited; a course that does not exist is 404.
    @Sendable func adminImport(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<ClassListImport> {
        try await read(request, context: context, by: .admin(context.user.id, clientAddress: context.clientAddress))
    }

    /// The course must be the caller's (an admin's: any) before the body is read, and an
    /// import counts against the caller's limit (dry runs too) before it is parsed.
    private func read(_ request: Request, context: AuthenticatedContext, by who: ClassListRepository.Importer) async throws
        -> EditedResponse<ClassListImport>
    {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let dryRun = try FacultyQuestionController.flag(
            request.uri.queryParameters.get(APIPaths.dryRunQueryItem), field: APIPaths.dryRunQueryItem)
        guard JSONBodyMiddleware<AuthenticatedContext>.isCSV(request.headers[values: .contentType].first) else {
            throw HTTPFailure.notCSV
        }
        let noSuchCourse =
            if case .admin = who { HTTPFailure.notFound("api-faculty.no-such-course", ["course": .integer(courseID)]) } else {
                FacultyCourseActions.noSuchCourse(courseID).failure
            }
        guard try await importer.admit(courseID: courseID, by: who, logger: context.logger) else { throw noSuchCourse }
        var body = request
        let buffer = try await body.collectBody(upTo: context.maxUploadSize)
        // Whatever encoding and separator the school's spreadsheet chose (`ClassList(file:)`).
        let list = try ClassList(file: Array(buffer.readableBytesView))
        switch try await importer.run(
            list, courseID: courseID, by: who, dryRun: dryRun, language: context.language.language, logger: context.logger)
        {
        case .notFound:
            throw noSuchCourse
        case .raced:
            throw Self.raced
        case .overDailyCap(let message):
            throw HTTPFailure.conflict(message, code: .limitReached)
        case .imported(var report):
            report.rejected = report.rejected.map { $0.said(in: context.catalogue) }
            return EditedResponse(status: dryRun ? .ok : .created, response: report)
        }
    }
}
