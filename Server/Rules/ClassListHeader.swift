import ExamPrepShared
import Foundation

/// Where a class list's header puts each column it knows (`ClassListColumn`), and a line read
/// by it into a student: first names and surnames in columns of their own make the name
/// "First Surname" (kept in the one `name`).
struct ClassListHeader: Sendable {
    var email: Int?
    var name: Int?
    var givenName: Int?
    var familyName: Int?
    var studentNumber: Int?
    /// The headings as the file writes them, to name a column in a line's rejection.
    var headings: [String]

    init(header: [String]) {
        headings = header.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let columns = headings.map(ClassListColumn.init(heading:))
        let index = { (column: ClassListColumn) in columns.firstIndex(of: column) }
        (email, name, givenName, familyName, studentNumber) = (
            index(.email), index(.name), index(.givenName), index(.familyName), index(.studentNumber)
        )
    }

    /// The student of `record`; throws `InvalidInput` naming the address column when it is empty,
    /// else saying what is wrong.
    func student(_ record: CSV.Record, emailColumn: Int) throws -> ClassList.Student {
        func field(_ column: Int?) -> String {
            guard let column, record.fields.indices.contains(column) else { return "" }
            return record.fields[column].trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let address = field(emailColumn)
        guard !address.isEmpty else { throw InvalidInput("class-list.missing", ["column": .text(heading(emailColumn))]) }
        let email = try EmailAddress(validating: address)
        let whole = field(name)
        let parts = [field(givenName), field(familyName)].filter { !$0.isEmpty }.joined(separator: " ")
        let name = whole.isEmpty ? parts : whole
        let number = field(studentNumber)
        return ClassList.Student(
            line: record.line, email: email,
            name: name.isEmpty
                ? nil : try Validators.text(name, field: .message(Message("field.name")), length: ClassList.nameLength),
            studentNumber: number.isEmpty
                ? nil
                : try Validators.text(number, field: .message(Message("field.student-number")), length: ClassList.studentNumberLength))
    }

    /// The heading of column `index` as the file writes it.
    private func heading(_ index: Int) -> String {
        headings.indices.contains(index) ? String(headings[index].prefix(40)) : ""
    }
}
