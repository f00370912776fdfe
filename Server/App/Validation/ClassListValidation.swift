import ExamPrepShared
import Foundation

/// A class list read for import: a header naming its columns (`email` required; `name` and
/// `studentNumber` optional, any case, spaces, `_` and `-` ignored; other columns ignored),
/// then a student a line. A line with no address, an address that is not one, an over-long
/// name or number, or an address the file already had is rejected with its line and reason.
/// A file of more than `maxStudents` lines is refused as a whole.
struct ClassList: Sendable {
    struct Student: Sendable, Hashable {
        var line: Int
        var email: EmailAddress
        var name: String?
        var studentNumber: String?
    }

    var students: [Student]
    var rejected: [ClassListRejection]

    /// Students one list may hold: a school's class, or a whole year group, in one file.
    static let maxStudents = 1_000

    static let nameLength = 1...200
    static let studentNumberLength = 1...64

    /// Throws `InvalidInput` when the file as a whole cannot be a class list.
    init(csv text: String) throws {
        let records: [CSV.Record]
        do {
            records = try CSV.records(in: text)
        } catch {
            throw InvalidInput("validation.class-list.line", ["line": .integer(error.line), "reason": .message(error.reason)])
        }
        guard let header = records.first else { throw InvalidInput("validation.class-list.empty") }
        let columns = header.fields.map(Self.columnName)
        guard let emailColumn = columns.firstIndex(of: "email") else {
            throw InvalidInput("validation.class-list.header")
        }
        guard records.count - 1 <= Self.maxStudents else {
            throw InvalidInput("validation.class-list.too-long", ["count": .integer(records.count - 1), "max": .integer(Self.maxStudents)])
        }
        let nameColumn = columns.firstIndex(of: "name")
        let numberColumn = columns.firstIndex(of: "studentnumber")
        var students: [Student] = []
        var rejected: [ClassListRejection] = []
        var firstLine: [String: Int] = [:]
        for record in records.dropFirst() {
            func field(_ column: Int?) -> String {
                guard let column, record.fields.indices.contains(column) else { return "" }
                return record.fields[column].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            do {
                let email = try EmailAddress(validating: field(emailColumn))
                if let earlier = firstLine[email.key] {
                    throw InvalidInput("validation.class-list.repeated", ["line": .integer(earlier)])
                }
                let name = field(nameColumn)
                let number = field(numberColumn)
                students.append(
                    Student(
                        line: record.line, email: email,
                        name: name.isEmpty
                            ? nil : try Validators.text(name, field: .message(Message("field.name")), length: Self.nameLength),
                        studentNumber: number.isEmpty
                            ? nil
                            : try Validators.text(
                                number, field: .message(Message("field.student-number")), length: Self.studentNumberLength)))
                firstLine[email.key] = record.line
            } catch let invalid as InvalidInput {
                rejected.append(ClassListRejection(line: record.line, why: invalid.message))
            }
        }
        guard !students.isEmpty || !rejected.isEmpty else { throw InvalidInput("validation.class-list.no-students") }
        self.students = students
        self.rejected = rejected
    }

    /// "Student Number", "student_number" and "studentNumber" are one column.
    private static func columnName(_ raw: String) -> String {
        String(raw.lowercased().unicodeScalars.filter { !" _-\t".unicodeScalars.contains($0) })
    }
}
