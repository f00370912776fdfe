import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct Grades: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.grades.abstract"))

    @OptionGroup var options: GlobalOptions
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.grades.course"))) var course: CourseReference?
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.grades.csv"))) var csv = false

    func run() async throws {
        let settings = try options.settings()
        let (reference, csv) = (course, csv)
        try await settings.run { client, output in
            let course = try await reference.id(in: client)
            switch try await client.account.currentRole() {
            case .faculty:
                guard let course else { throw CLIError(CLILanguage.text("cli-course.name-course")) }
                if csv {
                    // To a file or a pipe, the bytes as the server sent them: the byte order mark
                    // spreadsheets need to read non-ASCII names right included.
                    let document = try await client.faculty.gradeBookCSV(course)
                    FileHandle.standardOutput.write(
                        TerminalText.standardOutputIsTerminal
                            ? Data(TerminalText.clean(document.text, keepingCarriageReturns: true).utf8) : document.data)
                    return
                }
                let book = try await client.faculty.loadGradeBook(course)
                try output.print(book) {
                    book.isEmpty
                        ? CLILanguage.text("cli-course.no-attempts")
                        : Table(
                            headers: [
                                "cli.column.student", "cli.column.email", "cli.column.exam", "cli.column.score", "cli.column.grade",
                                "cli.column.submitted", "cli.column.title",
                            ].map { CLILanguage.text($0) },
                            rows: book.map {
                                [
                                    studentText(name: $0.name, number: $0.studentNumber, id: $0.studentId), $0.email, "\($0.examId)",
                                    "\(Points.text($0.score))/\(Points.text($0.maxScore))", gradeText($0.grade, pending: $0.needsGrading),
                                    moment($0.submittedAt),
                                    $0.examTitle,
                                ]
                            }
                        ).render()
                }
            case .student:
                guard !csv else { throw CLIError(CLILanguage.text("cli-course.csv-faculty")) }
                let grades = try await client.student.loadGrades().filter { course == nil || $0.courseId == course }
                try output.print(grades) {
                    grades.isEmpty
                        ? CLILanguage.text("cli-course.no-grades")
                        : Table(
                            headers: [
                                "cli.column.course", "cli.column.exam", "cli.column.score", "cli.column.grade", "cli.column.submitted",
                                "cli.column.title",
                            ].map { CLILanguage.text($0) },
                            rows: grades.map {
                                [
                                    "\($0.courseId)", "\($0.examId)", "\(Points.text($0.score))/\(Points.text($0.maxScore))",
                                    gradeText($0.grade, pending: $0.needsGrading), moment($0.submittedAt), $0.examTitle,
                                ]
                            }
                        ).render()
                }
            case .admin:
                throw CLIError.forAdmins
            }
        }
    }
}

/// A grade on the course's scale as a table shows it: "pending" while an essay waits, "-"
/// when the course shows percentages only.
func gradeText(_ grade: String?, pending: Bool?) -> String {
    pending == true ? CLILanguage.text("cli-course.pending") : grade ?? "-"
}

func moment(_ date: Date) -> String {
    date.formatted(.iso8601)
}

/// A student as a table names them: the name (and student number) where they have one, else
/// their id, "-" for a deleted account.
func studentText(name: String?, number: String?, id: Int?) -> String {
    guard let name, !name.isEmpty else { return id.map(String.init) ?? "-" }
    guard let number, !number.isEmpty else { return name }
    return "\(name) (\(number))"
}
