import ExamPrepRules
import ExamPrepShared
import Foundation

/// The decisions about the first version's courses, in id order (the older course keeps
/// what two would share).
///
/// - Owner missing from the first version, or left out: the course is left out too, with its
///   enrollments. Owner merged into another account of the same address: the course moves
///   to that account.
/// - Code that is not four letters (`Validators.courseCode`), or one an older course has: a
///   new code from `CourseCodes`, the server's own generator, never one that a course of the
///   first version or of this server has. Both codes are reported, so the faculty member can
///   tell the students. A code in lower case or with spaces is stored upper-cased and trimmed
///   (students may type it in any case, as before).
/// - A name the same faculty member already gives another course (in any case, as the
///   database's `lower()` sees it, which is what its unique index uses): " (2)", " (3)" … is
///   appended to the younger course's name. No name: "Course <id>"; no description: empty.
/// - Owner who is a student: the course is imported (students can still enroll with its
///   code), and the report says that its owner cannot manage it.
struct CoursePlan: Sendable {
    struct NewCourse: Sendable {
        var id: Int
        var name: String
        var description: String
        var courseCode: String
        var userID: Int
        var createdAt: Date?
    }

    var inserts: [NewCourse] = []
    /// The first-version courses that are in the target after the import (imported now or
    /// before); the others are left out.
    var present: Set<Int> = []
    var summary = ImportReport.TableSummary()
    var findings: [ImportReport.Finding] = []

    init(
        snapshot: FirstVersionSnapshot, users: UserPlan, target: ImportTarget, nameKey: (String) -> String,
        newCode: () -> String = CourseCodes.random
    ) {
        summary.inFirstVersion = snapshot.courses.count
        let sourceUsers = Set(snapshot.users.map(\.id))
        let enrollmentCounts = Dictionary(grouping: snapshot.enrollments.compactMap(\.courseID), by: { $0 }).mapValues(\.count)
        func leftOut(_ id: Int) -> String {
            let count = enrollmentCounts[id, default: 0]
            return count == 0
                ? "not imported" : "not imported, and its \(count) enrollment\(count == 1 ? " is" : "s are") left out with it"
        }

        // Codes in use, and which course has each; names in use per owner.
        var codeOwners: [String: String] = [:]
        var namesByOwner: [Int: [String: String]] = [:]
        for course in target.courses.values {
            codeOwners[course.courseCode] = "course \(course.id) of this server"
            namesByOwner[course.userID, default: [:]][course.nameKey] = "course \(course.id) \(UserPlan.quoted(course.name))"
        }
        // Valid codes of the first version are never handed out as new codes.
        let reserved = Set(snapshot.courses.compactMap { $0.courseCode.flatMap { try? Validators.courseCode($0) } })

        for course in snapshot.courses.sorted(by: { $0.id < $1.id }) {
            let label = "course \(course.id) \(UserPlan.quoted(course.name))"
            func finding(
                _ problem: ImportReport.Finding.Problem, _ outcome: ImportReport.Finding.Outcome, _ message: String,
                changes: [ImportReport.Finding.Change] = []
            ) {
                findings.append(ImportReport.Finding(.course, course.id, problem, outcome, "\(label): \(message)", changes: changes))
            }
            func notImported(_ problem: ImportReport.Finding.Problem, _ message: String) {
                summary.notImported += 1
                finding(problem, .notImported, message)
            }

            // The owner.
            guard let ownerID = course.userID, sourceUsers.contains(ownerID) else {
                notImported(
                    .ownerMissing,
                    "its owner \(course.userID.map { "user \($0)" } ?? "NULL") does not exist in the first version; \(leftOut(course.id)).")
                continue
            }
            guard case .account(let owner, let ownerRole, let mergedFrom) = users.destinations[ownerID] ?? .notImported else {
                notImported(.ownerNotImported, "its owner \(users.label(ownerID)) is not imported (see above); \(leftOut(course.id)).")
                continue
            }

            // Imported before?
            if let existing = target.courses[course.id] {
                guard existing.userID == owner else {
                    notImported(
                        .idTaken,
                        "its id already belongs to a course of \(users.label(existing.userID)) in this server; \(leftOut(course.id)).")
                    continue
                }
                present.insert(course.id)
                summary.alreadyPresent += 1
                let normalized = course.courseCode.flatMap { try? Validators.courseCode($0) }
                if existing.courseCode != normalized {
                    finding(
                        normalized == nil ? .invalidCourseCode : .duplicateCourseCode, .alreadyPresent,
                        "imported before with the new code \(existing.courseCode) (first version: \(UserPlan.quoted(course.courseCode))).",
                        changes: [.init(field: "courseCode", from: course.courseCode, to: existing.courseCode)])
                }
                if existing.name != (course.name ?? "") {
                    finding(
                        Self.hasName(course) ? .duplicateCourseName : .noCourseName, .alreadyPresent,
                        "imported before as \(UserPlan.quoted(existing.name)).",
                        changes: [.init(field: "name", from: course.name, to: existing.name)])
                }
                continue
            }

            // Name and description.
            var name = course.name ?? ""
            if !Self.hasName(course) {
                name = Self.placeholderName(course.id)
                finding(
                    .noCourseName, .importedWithChanges, "has no name; imported as \(UserPlan.quoted(name)).",
                    changes: [.init(field: "name", from: course.name, to: name)])
            }
            let baseKey = nameKey(name)
            var key = baseKey
            if let holder = namesByOwner[owner]?[key] {
                var number = 2
                while namesByOwner[owner]?["\(baseKey) (\(number))"] != nil { number += 1 }
                key = "\(baseKey) (\(number))"
                let renamed = "\(name) (\(number))"
                finding(
                    .duplicateCourseName, .importedWithChanges,
                    "its owner \(users.label(owner)) already has \(holder), the same name in any case; imported as "
                        + "\(UserPlan.quoted(renamed)).",
                    changes: [.init(field: "name", from: course.name, to: renamed)])
                name = renamed
            }
            namesByOwner[owner, default: [:]][key] = "course \(course.id) \(UserPlan.quoted(course.name))"
            let description = course.description ?? ""
            if course.description == nil {
                finding(
                    .noDescription, .importedWithChanges, "has no description; imported with an empty one.",
                    changes: [.init(field: "description", from: nil, to: "")])
            }

            // The code.
            var code: String
            if let raw = course.courseCode, let valid = try? Validators.courseCode(raw), codeOwners[valid] == nil {
                code = valid
                if valid != raw {
                    finding(
                        .courseCodeNormalized, .importedWithChanges,
                        "code \(UserPlan.quoted(raw)) is stored as \(valid); students can still type it in any case.",
                        changes: [.init(field: "courseCode", from: raw, to: valid)])
                }
            } else {
                repeat { code = newCode() } while codeOwners[code] != nil || reserved.contains(code)
                let why: String
                let problem: ImportReport.Finding.Problem
                if let raw = course.courseCode, let valid = try? Validators.courseCode(raw), let holder = codeOwners[valid] {
                    problem = .duplicateCourseCode
                    why = "its code \(UserPlan.quoted(raw)) is also the code of \(holder), which keeps it"
                } else {
                    problem = .invalidCourseCode
                    why = course.courseCode == nil ? "it has no code" : "its code \(UserPlan.quoted(course.courseCode)) is not four letters"
                }
                finding(
                    problem, .importedWithChanges,
                    "\(why); it gets the new code \(code). Tell its students: \(UserPlan.quoted(course.courseCode)) is now \(code) "
                        + "(\(users.label(owner))).",
                    changes: [.init(field: "courseCode", from: course.courseCode, to: code)])
            }
            codeOwners[code] = "course \(course.id)"

            if let mergedFrom {
                finding(
                    .ownerMerged, .importedWithChanges,
                    "its owner \(users.label(mergedFrom)) is not imported (same address as user \(owner)); the course now belongs "
                        + "to \(users.label(owner)).",
                    changes: [.init(field: "userId", from: String(mergedFrom), to: String(owner))])
            }
            if ownerRole != .faculty {
                finding(
                    .ownerNotFaculty, .importedWithChanges,
                    "its owner \(users.label(owner)) is a \(ownerRole.name); the course is imported (its code still enrolls "
                        + "students) but its owner cannot manage it in the app.")
            }

            inserts.append(
                NewCourse(
                    id: course.id, name: name, description: description, courseCode: code, userID: owner, createdAt: course.createdAt))
            present.insert(course.id)
            summary.imported += 1
        }
    }

    static func hasName(_ course: FirstVersionSnapshot.Course) -> Bool {
        !(course.name ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// The name of a course that had none.
    static func placeholderName(_ id: Int) -> String { "Course \(id)" }
}
