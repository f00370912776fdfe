import ExamPrepRules
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
    /// How the file was read: its encoding and separator.
    var readAs: String
    var lines: [Line]
    var canImport: Bool
    var links: [Link]
    var hasLinks: Bool
    /// New accounts were made and their links mailed.
    var mailed: Bool

    init(course: Course, text: String, list: ClassList, report: ClassListImport, language: Language) {
        let catalogue = Catalogue.of(language)
        courseID = course.id ?? 0
        courseName = course.name
        dryRun = report.dryRun
        self.text = text
        let students = Dictionary(list.students.map { ($0.line, $0) }, uniquingKeysWith: { first, _ in first })
        let accepted = report.lines.map { line in
            Line(
                line: line.line, email: line.email, name: students[line.line]?.name ?? "", number: students[line.line]?.studentNumber ?? "",
                outcome: Self.describe(line.outcome, dryRun: report.dryRun, catalogue: catalogue), rejected: false)
        }
        let refused = report.rejected.map {
            Line(
                line: $0.line, email: "", name: "", number: "",
                outcome: catalogue.string(Message("teach.class-list.not-imported", ["reason": .text($0.said(in: catalogue).reason)])),
                rejected: true)
        }
        lines = (accepted + refused).sorted { $0.line < $1.line }
        canImport = report.dryRun && report.enrolled + report.created + report.invited > 0
        links = (report.links ?? []).map {
            Link(email: $0.email, url: $0.url, expires: PageTime.text($0.expiresAt, timeZone: course.timeZone, language: language))
        }
        hasLinks = !links.isEmpty
        mailed = !report.dryRun && report.links == nil && report.created > 0
        summary = Self.summary(report, catalogue: catalogue)
        readAs = catalogue.string(
            Message(
                "class-list.read-as",
                ["encoding": .text(list.encoding.rawValue), "separator": .message(ClassList.separatorName(list.separator))]))
    }

    static func describe(_ outcome: ClassListOutcome, dryRun: Bool, catalogue: Catalogue) -> String {
        let key =
            switch (outcome, dryRun) {
            case (.enrolled, true): "teach.class-list.will-enroll"
            case (.enrolled, false): "teach.class-list.enrolled"
            case (.created, true): "teach.class-list.will-create"
            case (.created, false): "teach.class-list.created"
            case (.alreadyEnrolled, _): "teach.class-list.already"
            case (.invited, true): "teach.class-list.will-invite"
            case (.invited, false): "teach.class-list.invited"
            }
        return catalogue.string(Message(key))
    }

    /// "Nothing is stored yet: 1 new account to make, …" or "Imported: …".
    static func summary(_ report: ClassListImport, catalogue: Catalogue) -> String {
        func count(_ key: String, _ count: Int) -> String { catalogue.string(Message(key, ["count": .integer(count)])) }
        let dryRun = report.dryRun
        // Only an admin's list enrolls accounts that exist.
        let enrolled =
            report.enrolled > 0
            ? [count(dryRun ? "teach.class-list.to-enroll" : "teach.class-list.existing-enrolled", report.enrolled)] : []
        let parts =
            enrolled + [
                count(dryRun ? "teach.class-list.to-make" : "teach.class-list.made", report.created),
                count(dryRun ? "teach.class-list.to-invite" : "teach.class-list.existing-invited", report.invited),
                count("teach.class-list.already-in", report.alreadyEnrolled),
                count("teach.class-list.rejected", report.rejected.count),
            ]
        let said = MessageValue.text(parts.joined(separator: ", "))
        return catalogue.string(Message(dryRun ? "teach.class-list.dry-run-summary" : "teach.class-list.import-summary", ["parts": said]))
    }
}
