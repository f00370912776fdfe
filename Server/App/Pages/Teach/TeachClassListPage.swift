import ExamPrepShared
import Foundation

/// What `teach-class-list.mustache` shows: a class list's dry run (what will happen to each
/// line, and the form that imports it) or its import (what happened, and the new accounts'
/// one-time links when no mail is sent).
struct TeachClassListPage: Sendable {
    struct Line: Sendable {
        var line: Int
        var email: String
        var name: String
        var number: String
        var outcome: String
        var rejected: Bool
    }

    struct Link: Sendable {
        var email: String
        var url: String
        var expires: String
    }

    var courseID: Int
    var courseName: String
    var dryRun: Bool
    /// The list, sent back by the import form.
    var text: String
    var summary: String
    var lines: [Line]
    var canImport: Bool
    var links: [Link]
    var hasLinks: Bool
    /// New accounts were made and their links mailed.
    var mailed: Bool

    init(course: Course, text: String, list: ClassList, report: ClassListImport) {
        courseID = course.id ?? 0
        courseName = course.name
        dryRun = report.dryRun
        self.text = text
        let students = Dictionary(list.students.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        let accepted = report.lines.map { line in
            Line(
                line: line.line, email: line.email, name: students[line.line]?.name ?? "", number: students[line.line]?.studentNumber ?? "",
                outcome: Self.describe(line.outcome, dryRun: report.dryRun), rejected: false)
        }
        let refused = report.rejected.map {
            Line(line: $0.line, email: "", name: "", number: "", outcome: "Not imported: \($0.reason)", rejected: true)
        }
        lines = (accepted + refused).sorted { $0.line < $1.line }
        canImport = report.dryRun && report.enrolled + report.created + report.invited > 0
        links = (report.links ?? []).map {
            Link(email: $0.email, url: $0.url, expires: PageTime.text($0.expiresAt, timeZone: course.timeZone))
        }
        hasLinks = !links.isEmpty
        mailed = !report.dryRun && report.links == nil && report.created > 0
        summary = Self.summary(report)
    }

    static func describe(_ outcome: ClassListOutcome, dryRun: Bool) -> String {
        switch (outcome, dryRun) {
        case (.enrolled, true): "Will be enrolled (has an account)"
        case (.enrolled, false): "Enrolled (had an account)"
        case (.created, true): "Will get a new account, enrolled"
        case (.created, false): "New account, enrolled"
        case (.alreadyEnrolled, _): "Already in the course: nothing changes"
        case (.invited, true): "Has an account: will be invited, and joins once they accept"
        case (.invited, false): "Has an account: invited, joins once they accept"
        }
    }

    /// "Nothing is stored yet. 2 students will be enrolled, …" or "Imported: …".
    static func summary(_ report: ClassListImport) -> String {
        let count = TeachCoursePageController.count
        // Only an admin's list enrolls accounts that exist.
        let enrolled =
            report.enrolled > 0 ? [count(report.enrolled, "existing account") + (report.dryRun ? " to enroll" : " enrolled")] : []
        let parts =
            enrolled + [
                count(report.created, "new account") + (report.dryRun ? " to make" : " made"),
                count(report.invited, "existing account") + (report.dryRun ? " to invite" : " invited"),
                "\(report.alreadyEnrolled) already in the course",
                count(report.rejected.count, "line") + " rejected",
            ]
        return (report.dryRun ? "Nothing is stored yet: " : "Imported: ") + parts.joined(separator: ", ") + "."
    }
}
