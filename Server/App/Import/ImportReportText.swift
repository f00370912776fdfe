import Foundation

extension ImportReport {
    /// The report for a person (what `import-v1` prints without `--json`).
    public var text: String {
        var lines: [String] = []
        lines.append(
            dryRun
                ? "Import of the first version's database: DRY RUN, nothing was written." : "Import of the first version's database: done.")
        lines.append("")
        for (name, summary) in [("users", users), ("courses", courses), ("enrollments", enrollments)] {
            lines.append(
                "\(name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(summary.inFirstVersion) in the first version: "
                    + "\(summary.imported) \(dryRun ? "to import" : "imported"), \(summary.alreadyPresent) already present, "
                    + "\(summary.notImported) not imported")
        }
        lines.append(
            "New ids continue after: users \(idsContinueAfter.users), courses \(idsContinueAfter.courses), "
                + "enrollments \(idsContinueAfter.enrollments)\(dryRun ? " (once imported)" : "").")
        for note in notes { lines.append(note) }
        lines.append("")
        if findings.isEmpty {
            lines.append("Every record was taken as it was.")
        } else {
            lines.append("Records not taken as they were (\(findings.count)):")
            for finding in findings {
                lines.append("- [\(finding.outcome.label)] \(finding.message)")
            }
        }
        let codes = findings.filter { [.invalidCourseCode, .duplicateCourseCode].contains($0.problem) }
        if !codes.isEmpty {
            lines.append("")
            lines.append("New course codes to give to students:")
            for finding in codes {
                guard let change = finding.changes.first(where: { $0.field == "courseCode" }) else { continue }
                lines.append("  course \(finding.id): \(change.from ?? "(none)") -> \(change.to)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension ImportReport.Finding.Outcome {
    var label: String {
        switch self {
        case .importedWithChanges: "changed"
        case .notImported: "not imported"
        case .alreadyPresent: "already present"
        }
    }
}
