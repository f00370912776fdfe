import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// A class list's import, the same for the API and the pages: the course is checked and the
/// import counted against the caller's limit before the list is read, then
/// `ClassListRepository` plans (and, unless a dry run, writes) it. Each new account's one-time
/// link is mailed when the server sends mail, else listed in the report for the teacher to hand
/// out; each invited student is told by mail (else they find the invitation on their courses
/// page). Room for the mail is held before anything is written.
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
        /// The list would make more new accounts than the teacher's daily cap allows: nothing was written.
        case overDailyCap(Message)
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

    /// Imports `list` (or, with `dryRun`, says what that would do); a new account speaks
    /// `language` (the teacher's), and so does its mail; an invited student's mail speaks their
    /// own setting (else the teacher's).
    func run(
        _ list: ClassList, courseID: Int, by importer: ClassListRepository.Importer, dryRun: Bool, language: Language = .en,
        logger: Logger
    ) async throws -> Result {
        try await mail.mailing(dryRun ? 0 : list.students.count, for: .account(importer.userID), logger: logger) {
            let importing = try await classLists.importList(
                list, courseID: courseID, by: importer, dryRun: dryRun, language: language, logger: logger)
            switch importing {
            case .notFound: return (.notFound, [])
            case .raced: return (.raced, [])
            case .overDailyCap(let cap, let madeToday, let wanted):
                return (.overDailyCap(Self.overDailyCap(cap: cap, madeToday: madeToday, wanted: wanted)), [])
            case .imported(let outcome):
                logger.info(
                    "imported a class list",
                    metadata: [
                        "course_id": "\(courseID)", "lines": "\(outcome.lines.count)", "dry_run": "\(dryRun)",
                        "by": "\(importer.userID)",
                    ])
                let made = outcome.links.map {
                    ClassListLink(email: $0.email, url: links.url(path: PasswordResets.path(token: $0.token)), expiresAt: outcome.expiresAt)
                }
                return (report(outcome, links: made, dryRun: dryRun), mail == nil ? [] : messages(outcome, links: made, language: language))
            }
        }
    }

    private func report(_ outcome: ClassListRepository.Outcome, links made: [ClassListLink], dryRun: Bool) -> Result {
        let count = { (wanted: ClassListOutcome) in outcome.lines.filter { $0.outcome == wanted }.count }
        return .imported(
            ClassListImport(
                dryRun: dryRun, enrolled: count(.enrolled), created: count(.created), alreadyEnrolled: count(.alreadyEnrolled),
                invited: count(.invited), rejected: outcome.rejected, lines: outcome.lines,
                links: dryRun || mail != nil ? nil : made))
    }

    /// The new accounts' links and the invited students' notes.
    private func messages(_ outcome: ClassListRepository.Outcome, links made: [ClassListLink], language: Language) -> [MailMessage] {
        let coursesPage = links.url(path: "/courses")
        return made.map {
            LinkMail.classList(
                to: $0.email, url: $0.url, expiresAt: $0.expiresAt, language: language, course: outcome.courseName,
                by: outcome.importerName,
                timeZone: outcome.courseTimeZone
            ).message
        }
            + outcome.invited.map {
                CourseInvitationMail(to: $0.email, course: outcome.courseName, url: coursesPage, language: $0.language ?? language).message
            }
    }

    /// What a teacher is told when a list would pass their daily cap on new accounts.
    static func overDailyCap(cap: Int, madeToday: Int, wanted: Int) -> Message {
        Message("repo.class-list.daily-cap", ["wanted": .integer(wanted), "made": .integer(madeToday), "max": .integer(cap)])
    }
}
