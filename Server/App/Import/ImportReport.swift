import Foundation

/// What `examprep-server import-v1` did, or (on a dry run) would do: how many records of each
/// table were imported, were there already, or were left out, and one finding for every
/// record that could not be taken as it was, saying what was done instead.
public struct ImportReport: Sendable, Codable, Equatable {
    public var dryRun: Bool
    public var users: TableSummary
    public var courses: TableSummary
    public var enrollments: TableSummary
    /// Every record not taken as it was, by table, then first-version id.
    public var findings: [Finding]
    /// The highest id each table's sequence has handed out or skipped: new rows get larger ids.
    /// (A dry run computes it without moving the sequences, which no rollback would undo.)
    public var idsContinueAfter: NextIDs
    /// Remarks about the whole import (e.g. where enrollment dates came from).
    public var notes: [String]

    public struct TableSummary: Sendable, Codable, Equatable {
        /// Rows of the first version's table.
        public var inFirstVersion = 0
        /// Written by this run (on a dry run: would be), changed or not.
        public var imported = 0
        /// Already in the target, from an earlier run.
        public var alreadyPresent = 0
        /// Left out (each has a finding).
        public var notImported = 0

        public init() {}
    }

    public struct NextIDs: Sendable, Codable, Equatable {
        public var users: Int
        public var courses: Int
        public var enrollments: Int
    }

    /// One record not taken as it was.
    public struct Finding: Sendable, Codable, Equatable {
        public enum Record: String, Sendable, Codable {
            case user, course, enrollment

            /// Findings are listed users first, then courses, then enrollments.
            var order: Int {
                switch self {
                case .user: 0
                case .course: 1
                case .enrollment: 2
                }
            }
        }

        public enum Outcome: String, Sendable, Codable {
            /// Imported, with the changes listed.
            case importedWithChanges = "imported_with_changes"
            /// Left out.
            case notImported = "not_imported"
            /// Imported by an earlier run, with the changes listed then.
            case alreadyPresent = "already_present"
        }

        /// What was wrong, as a stable code for scripts.
        public enum Problem: String, Sendable, Codable {
            // users
            case duplicateEmail = "duplicate_email"
            case invalidEmail = "invalid_email"
            case emailTrimmed = "email_trimmed"
            case noRole = "no_role"
            case noPassword = "no_password"
            /// Someone registered the same address on this server: a conflict the operator resolves.
            case registeredHere = "registered_here"
            // courses
            case invalidCourseCode = "invalid_course_code"
            case duplicateCourseCode = "duplicate_course_code"
            case courseCodeNormalized = "course_code_normalized"
            case duplicateCourseName = "duplicate_course_name"
            case noCourseName = "no_course_name"
            case noDescription = "no_description"
            case ownerMissing = "owner_missing"
            case ownerNotImported = "owner_not_imported"
            case ownerMerged = "owner_merged"
            case ownerNotFaculty = "owner_not_faculty"
            // enrollments
            case studentMissing = "student_missing"
            case courseMissing = "course_missing"
            case studentNotImported = "student_not_imported"
            case courseNotImported = "course_not_imported"
            case studentMerged = "student_merged"
            case studentNotStudent = "student_not_student"
            case duplicateEnrollment = "duplicate_enrollment"
            case noEnrollmentDate = "no_enrollment_date"
            // any table
            case idTaken = "id_taken"
        }

        /// One field that differs from the first version: `from` nil was NULL there.
        public struct Change: Sendable, Codable, Equatable {
            public var field: String
            public var from: String?
            public var to: String
        }

        public var record: Record
        /// The record's id in the first version (kept as its id here when imported).
        public var id: Int
        public var problem: Problem
        public var outcome: Outcome
        /// For a person: what was wrong and what was done.
        public var message: String
        public var changes: [Change]

        init(_ record: Record, _ id: Int, _ problem: Problem, _ outcome: Outcome, _ message: String, changes: [Change] = []) {
            self.record = record
            self.id = id
            self.problem = problem
            self.outcome = outcome
            self.message = message
            self.changes = changes
        }
    }

    /// The findings about one record.
    public func findings(_ record: Finding.Record, id: Int) -> [Finding] {
        findings.filter { $0.record == record && $0.id == id }
    }
}
