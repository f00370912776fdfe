import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// A class list's import, the same for the API and the pages: the course is checked and the
/// import counted against the caller's limit before the list is read, then
/// `ClassListRepository` plans (and, unless a dry run, writes) it, and each new account's
/// one-time link is mailed when the server sends mail, else listed in the report for the
/// teacher to hand out.
struct ClassListImporter: Sendable {
    let ownership: OwnershipRepository
    let classLists: ClassListRepository
    let limiter: RateLimiter
    let links: OneTimeLinks
    /// Nil: no mail is sent (`SMTP_URL` unset); the links are listed instead.
    let mail: MailOutbox?

    enum Result: Sendable {
        case imported(ClassListImport)
        /// Not the faculty member's course, or no such course.
        case notFound
        /// An account of an address on the list was made meanwhile: nothing was written.
        case raced
    }

    /// Whether the course may take an import from `importer` (an owner's course; an admin's
    /// any), counting it (dry runs too) against the importer's limit; throws the limit's 429.
    func admit(courseID: Int, by importer: ClassListRepository.Importer, logger: Logger) async throws -> Bool {
        if case .owner(let facultyID) = importer {
            guard try await ownership.owns(.course(courseID), facultyID: facultyID, logger: logger) else { return false }
        }
        try await limiter.admit(.classListImportsPerFaculty, userID: importer.userID, logger: logger)
        return true
    }

    /// Imports `list` (or, with `dryRun`, says what that would do); `request` gives the links'
    /// origin when `PUBLIC_URL` is unset.
    func run(
        _ list: ClassList, courseID: Int, by importer: ClassListRepository.Importer, dryRun: Bool, request: Request, logger: Logger
    ) async throws -> Result {
        switch try await classLists.importList(list, courseID: courseID, by: importer, dryRun: dryRun, logger: logger) {
        case .notFound: return .notFound
        case .raced: return .raced
        case .imported(let outcome):
            let made = outcome.links.map {
                ClassListLink(
                    email: $0.email, url: links.url(path: PasswordResets.path(token: $0.token), request: request),
                    expiresAt: outcome.expiresAt)
            }
            if let mail {
                for link in made {
                    mail.send(ClassListMail(to: link.email, url: link.url, expiresAt: link.expiresAt).message, logger: logger)
                }
            }
            logger.info(
                "imported a class list",
                metadata: [
                    "course_id": "\(courseID)", "lines": "\(outcome.lines.count)", "dry_run": "\(dryRun)", "by": "\(importer.userID)",
                ])
            let count = { (wanted: ClassListOutcome) in outcome.lines.filter { $0.outcome == wanted }.count }
            return .imported(
                ClassListImport(
                    dryRun: dryRun, enrolled: count(.enrolled), created: count(.created), alreadyEnrolled: count(.alreadyEnrolled),
                    rejected: outcome.rejected, lines: outcome.lines, links: dryRun || mail != nil ? nil : made))
        }
    }
}
