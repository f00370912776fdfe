import ExamPrepShared
import Foundation

/// One line of the grade book as the page and the CSV show it: a student's grade at an exam
/// (`entry`), or an exam a student enrolled now did not sit (`entry` nil: a dash on the page,
/// empty cells in the CSV). `order` is the student's place in surname order (Polish collation,
/// as the roster sorts); accounts deleted since come last.
struct GradeBookLine: Sendable {
    var studentID: Int?
    var name: String?
    var email: String
    var studentNumber: String?
    var examID: Int
    var examTitle: String
    var entry: GradeBookEntry?
    var order: Int

    /// A person of the course as the grade book names them.
    struct Person: Sendable {
        var id: Int
        var name: String?
        var email: String
        var studentNumber: String?
        var enrolled: Bool
    }

    /// Every grade, and a line without one for each exam (`exams`, by id and title) an
    /// enrolled person has none at; by surname, then exam, then attempt.
    static func lines(_ entries: [GradeBookEntry], people: [Person], exams: [(id: Int, title: String)]) -> [GradeBookLine] {
        let order = Dictionary(people.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var lines = entries.map { entry in
            GradeBookLine(
                studentID: entry.studentId, name: entry.name, email: entry.email, studentNumber: entry.studentNumber,
                examID: entry.examId, examTitle: entry.examTitle, entry: entry,
                order: entry.studentId.flatMap { order[$0] } ?? people.count)
        }
        let sat = Set(entries.compactMap { entry in entry.studentId.map { "\($0)/\(entry.examId)" } })
        for (place, person) in people.enumerated() where person.enrolled {
            for exam in exams where !sat.contains("\(person.id)/\(exam.id)") {
                lines.append(
                    GradeBookLine(
                        studentID: person.id, name: person.name, email: person.email, studentNumber: person.studentNumber,
                        examID: exam.id, examTitle: exam.title, entry: nil, order: place))
            }
        }
        return lines.sorted { ($0.order, $0.examID, $0.entry?.attemptId ?? 0) < ($1.order, $1.examID, $1.entry?.attemptId ?? 0) }
    }
}
