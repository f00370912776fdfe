import ExamPrepShared
import Foundation

/// The decisions about the first version's enrollments, in id order.
///
/// - Student or course missing from the first version ("points at nothing"), or left out:
///   the enrollment is left out. A student merged into another account of the same address:
///   the enrollment moves to that account.
/// - A student who is faculty here: left out (only students are enrolled).
/// - The same student in the same course twice (also after a merge): the older enrollment
///   is kept.
/// - The enrollment date is `"enrollmentDate"`, else (column absent or NULL) `"createdAt"`.
struct EnrollmentPlan: Sendable {
    struct NewEnrollment: Sendable {
        var id: Int
        var userID: Int
        var courseID: Int
        var enrollmentDate: Date?
    }

    var inserts: [NewEnrollment] = []
    var summary = ImportReport.TableSummary()
    var findings: [ImportReport.Finding] = []

    init(snapshot: FirstVersionSnapshot, users: UserPlan, courses: CoursePlan, target: ImportTarget) {
        summary.inFirstVersion = snapshot.enrollments.count
        let sourceUsers = Set(snapshot.users.map(\.id))
        let sourceCourses = Set(snapshot.courses.map(\.id))
        var enrolled: [Pair: Int] = [:]
        for enrollment in target.enrollments.values {
            enrolled[Pair(user: enrollment.userID, course: enrollment.courseID)] = enrollment.id
        }

        for enrollment in snapshot.enrollments.sorted(by: { $0.id < $1.id }) {
            let label = "enrollment \(enrollment.id)"
            func finding(
                _ problem: ImportReport.Finding.Problem, _ outcome: ImportReport.Finding.Outcome, _ message: String,
                changes: [ImportReport.Finding.Change] = []
            ) {
                findings.append(
                    ImportReport.Finding(.enrollment, enrollment.id, problem, outcome, "\(label): \(message)", changes: changes))
            }
            func notImported(_ problem: ImportReport.Finding.Problem, _ message: String) {
                summary.notImported += 1
                finding(problem, .notImported, message)
            }

            // What it points at: every reason it cannot be taken, the first one its problem.
            var problems: [(ImportReport.Finding.Problem, String)] = []
            var student: (id: Int, role: Role, mergedFrom: Int?)?
            if let id = enrollment.studentID, sourceUsers.contains(id) {
                if case .account(let account, let role, let mergedFrom) = users.destinations[id] ?? .notImported {
                    student = (account, role, mergedFrom)
                } else {
                    problems.append((.studentNotImported, "its student \(users.label(id)) is not imported (see above)"))
                }
            } else {
                problems.append(
                    (
                        .studentMissing,
                        "its student \(enrollment.studentID.map { "user \($0)" } ?? "NULL") does not exist in the first version"
                    ))
            }
            if let id = enrollment.courseID, sourceCourses.contains(id) {
                if !courses.present.contains(id) {
                    problems.append((.courseNotImported, "its course \(id) is not imported (see above)"))
                }
            } else {
                problems.append(
                    (.courseMissing, "its course \(enrollment.courseID.map { String($0) } ?? "NULL") does not exist in the first version"))
            }
            guard let student, let courseID = enrollment.courseID, problems.isEmpty else {
                // A missing student or course always adds a problem above.
                notImported(problems.first?.0 ?? .studentMissing, problems.map(\.1).joined(separator: ", and ") + "; not imported.")
                continue
            }

            // Imported before?
            if let existing = target.enrollments[enrollment.id] {
                if existing.userID == student.id && existing.courseID == courseID {
                    summary.alreadyPresent += 1
                } else {
                    notImported(.idTaken, "its id already belongs to another enrollment in this server; not imported.")
                }
                continue
            }

            guard student.role == .student else {
                notImported(
                    .studentNotStudent,
                    "its student \(users.label(student.id)) is \(student.role.name) in this server, and only students are enrolled; "
                        + "not imported.")
                continue
            }
            let pair = Pair(user: student.id, course: courseID)
            if let other = enrolled[pair] {
                let who = student.mergedFrom.map { "its student \(users.label($0)) is now user \(student.id) (same address), who" }
                notImported(
                    .duplicateEnrollment,
                    "\(who ?? users.label(student.id)) is already enrolled in course \(courseID) (enrollment \(other)); not imported.")
                continue
            }
            enrolled[pair] = enrollment.id

            if let mergedFrom = student.mergedFrom {
                finding(
                    .studentMerged, .importedWithChanges,
                    "its student \(users.label(mergedFrom)) is not imported (same address as user \(student.id)); the enrollment "
                        + "now belongs to \(users.label(student.id)).",
                    changes: [.init(field: "studentId", from: String(mergedFrom), to: String(student.id))])
            }
            var date = enrollment.enrollmentDate
            if snapshot.hasEnrollmentDates && date == nil {
                date = enrollment.createdAt
                finding(
                    .noEnrollmentDate, .importedWithChanges,
                    "has no enrollment date; imported with the date it was recorded "
                        + (date.map { "(\(Self.format($0)))." } ?? "(unknown as well, so the date of this import)."))
            } else if !snapshot.hasEnrollmentDates {
                date = enrollment.createdAt
            }

            inserts.append(NewEnrollment(id: enrollment.id, userID: student.id, courseID: courseID, enrollmentDate: date))
            summary.imported += 1
        }
    }

    private struct Pair: Hashable {
        var user: Int
        var course: Int
    }

    private static func format(_ date: Date) -> String {
        JSONNodeEncoder.iso8601(date) ?? "\(date)"
    }
}
