import ExamPrepShared
import Foundation

/// A class list read for import, as school offices' spreadsheets save it: UTF-8 (with or
/// without a byte order mark), UTF-16, Windows-1250 or ISO-8859-2 (`SpreadsheetText`); fields
/// split at `,`, `;` or a tab and headings in English or Polish (`ClassListLayout`, `ClassListHeader`,
/// `ClassListColumn`: an address column required; a name, or first names and surnames apart,
/// and a student number optional; other columns ignored), then a student a line. A line with
/// no address, an address that is not one, an over-long name or number, or an address the file
/// already had is rejected with its line, its column and why. A file that cannot be a class
/// list is refused saying why and how to save it from a spreadsheet; one of more than
/// `maxStudents` lines is refused as a whole.
public struct ClassList: Sendable {
    public struct Student: Sendable, Hashable {
        public var line: Int
        public var email: EmailAddress
        public var name: String?
        public var studentNumber: String?
    }

    public var students: [Student]
    public var rejected: [ClassListRejection]
    /// How the file was read: its encoding and its separator.
    public var encoding: SpreadsheetText.Encoding
    public var separator: Unicode.Scalar

    /// Students one list may hold: a school's class, or a whole year group, in one file.
    public static let maxStudents = 1_000

    static let nameLength = 1...200
    static let studentNumberLength = 1...64

    /// A file's bytes, in whichever encoding a spreadsheet saved them.
    public init(file bytes: [UInt8]) throws {
        let (text, encoding) = SpreadsheetText.decode(bytes)
        try self.init(csv: text, encoding: encoding)
    }

    /// Throws `InvalidInput` when the file as a whole cannot be a class list.
    public init(csv text: String, encoding: SpreadsheetText.Encoding = .utf8) throws {
        // No layout: no heading line, or a quote never closed, which the reader says where.
        let separator = ClassListLayout.of(text)?.separator ?? ","
        let records: [CSV.Record]
        do {
            records = try CSV.records(in: text, separator: separator)
        } catch {
            throw Self.refused(Message("class-list.line", ["line": .integer(error.line), "reason": .message(error.reason)]))
        }
        guard let header = records.first else { throw Self.refused(Message("class-list.empty")) }
        let columns = ClassListHeader(header: header.fields)
        guard let emailColumn = columns.email else {
            throw Self.refused(
                Message(
                    "class-list.no-email-column",
                    [
                        "line": .integer(header.line), "headings": .text(Self.quoted(header.fields)),
                        "separator": .message(Self.separatorName(separator)), "encoding": .text(encoding.rawValue),
                    ]))
        }
        guard records.count - 1 <= Self.maxStudents else {
            throw InvalidInput("class-list.too-long", ["count": .integer(records.count - 1), "max": .integer(Self.maxStudents)])
        }
        var students: [Student] = []
        var rejected: [ClassListRejection] = []
        var firstLine: [String: Int] = [:]
        for record in records.dropFirst() {
            do {
                let student = try columns.student(record, emailColumn: emailColumn)
                if let earlier = firstLine[student.email.key] {
                    throw InvalidInput("class-list.repeated", ["line": .integer(earlier)])
                }
                students.append(student)
                firstLine[student.email.key] = record.line
            } catch let invalid as InvalidInput {
                rejected.append(ClassListRejection(line: record.line, why: invalid.message))
            }
        }
        guard !students.isEmpty || !rejected.isEmpty else { throw Self.refused(Message("class-list.no-students")) }
        self.students = students
        self.rejected = rejected
        self.encoding = encoding
        self.separator = separator
    }

    /// A file refused as a whole: why, and what to choose in a spreadsheet to save it right.
    static func refused(_ reason: Message) -> InvalidInput {
        InvalidInput("class-list.refused", ["reason": .message(reason)])
    }

    /// “Nazwisko”, “Imię”: the first ten headings, each cut at 40 characters.
    static func quoted(_ headings: [String]) -> String {
        let shown = headings.prefix(10).map { "“" + String($0.prefix(40)) + "”" }
        return shown.joined(separator: ", ") + (headings.count > 10 ? ", …" : "")
    }

    public static func separatorName(_ separator: Unicode.Scalar) -> Message {
        switch separator {
        case ";": Message("class-list.separator-semicolon")
        case "\t": Message("class-list.separator-tab")
        default: Message("class-list.separator-comma")
        }
    }
}
