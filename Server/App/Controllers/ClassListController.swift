import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `POST /api/faculty/courses/{courseId}/roster/import`: a teacher reads a class list (CSV)
/// into their course (`ClassList`, `ClassListRepository`); `?dryRun=true` says what it would
/// do and changes nothing. New accounts' links are mailed when the server sends mail, else
/// listed in the answer. Another's course is 404.
struct ClassListController {
    let ownership: OwnershipRepository
    let classLists: ClassListRepository
    let limiter: RateLimiter
    let links: OneTimeLinks
    /// Nil: no mail is sent (`SMTP_URL` unset); the links are listed instead.
    let mail: MailOutbox?

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.classListImport.pattern), use: importList)
    }

    /// The course must be the caller's before the body is read, and an import counts against
    /// the caller's limit (dry runs too) before it is parsed.
    @Sendable func importList(_ request: Request, context: AuthenticatedContext) async throws -> EditedResponse<ClassListImport> {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let dryRun = try FacultyQuestionController.flag(
            request.uri.queryParameters.get(APIPaths.dryRunQueryItem), field: APIPaths.dryRunQueryItem)
        guard JSONBodyMiddleware<AuthenticatedContext>.isCSV(request.headers[values: .contentType].first) else {
            throw HTTPFailure.notCSV
        }
        let noSuchCourse = HTTPFailure.notFound("You have no course \(courseID).")
        guard try await ownership.owns(.course(courseID), facultyID: context.user.id, logger: context.logger) else { throw noSuchCourse }
        try await limiter.admit(.classListImportsPerFaculty, context: context)
        var body = request
        let buffer = try await body.collectBody(upTo: context.maxUploadSize)
        guard let text = String(validating: buffer.readableBytesView, as: UTF8.self) else {
            throw InvalidInput("The file is not UTF-8 text (save the class list as CSV UTF-8).")
        }
        let list = try ClassList(csv: text)
        switch try await classLists.importList(list, courseID: courseID, facultyID: context.user.id, dryRun: dryRun, logger: context.logger)
        {
        case .notFound:
            throw noSuchCourse
        case .raced:
            throw HTTPFailure.conflict(
                "An account of an address on the list was made at the same moment; nothing was imported. Import the list again.")
        case .imported(let outcome):
            let made = outcome.links.map {
                ClassListLink(
                    email: $0.email, url: links.url(path: PasswordResets.path(token: $0.token), request: request),
                    expiresAt: outcome.expiresAt)
            }
            if let mail {
                for link in made {
                    mail.send(ClassListMail(to: link.email, url: link.url, expiresAt: link.expiresAt).message, logger: context.logger)
                }
            }
            context.logger.info(
                "imported a class list",
                metadata: ["course_id": "\(courseID)", "lines": "\(outcome.lines.count)", "dry_run": "\(dryRun)"])
            let count = { (wanted: ClassListOutcome) in outcome.lines.filter { $0.outcome == wanted }.count }
            let report = ClassListImport(
                dryRun: dryRun, enrolled: count(.enrolled), created: count(.created), alreadyEnrolled: count(.alreadyEnrolled),
                rejected: outcome.rejected, lines: outcome.lines, links: dryRun || mail != nil ? nil : made)
            return EditedResponse(status: dryRun ? .ok : .created, response: report)
        }
    }
}
