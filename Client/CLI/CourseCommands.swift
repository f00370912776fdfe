import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct Courses: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.courses.abstract"),
        subcommands: [
            List.self, Create.self, Roster.self, Accommodate.self, CourseInvitations.self, AcceptCourseInvitation.self,
            DeclineCourseInvitation.self, GradeScaleCommand.self, CourseExport.self, CourseImport.self,
        ],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.courses.list.abstract"))

        @OptionGroup var options: GlobalOptions

        func run() async throws {
            let settings = try options.settings()
            try await settings.run { client, output in
                let role: Role
                if let known = client.account.role { role = known } else { role = try await client.account.loadProfile().role }
                switch role {
                case .faculty:
                    let courses = try await client.faculty.load()
                    try output.print(courses) { facultyTable(courses) }
                case .student:
                    let courses = try await client.student.load()
                    try output.print(courses) { studentTable(courses) }
                case .admin:
                    throw CLIError.forAdmins
                }
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.courses.create.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.create.name"))) var name: String
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.create.description"))) var description: String
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.create.time-zone"))) var timeZone: String?

        func run() async throws {
            let settings = try options.settings()
            let (name, description, timeZone) = (name, description, timeZone)
            try await settings.run { client, output in
                let course = try await client.faculty.create(name: name, description: description, timeZone: timeZone)
                try output.print(course) {
                    CLILanguage.text("cli-course.created", ["name": .text(course.name), "code": .text(course.courseCode)])
                }
            }
        }
    }
}

struct Enroll: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.enroll.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.enroll.code"))) var code: String

    func run() async throws {
        let settings = try options.settings()
        let code = code
        try await settings.run { client, output in
            let enrollment = try await client.student.enroll(code: code)
            try output.print(enrollment) {
                CLILanguage.text(
                    "cli-course.enrolled-code",
                    [
                        "name": .text(enrollment.course.name), "code": .text(enrollment.course.courseCode),
                        "day": .text(day(enrollment.enrollmentDate)),
                    ])
            }
        }
    }
}

struct Catalogue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.catalogue.abstract"))

    @OptionGroup var options: GlobalOptions
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.catalogue.faculty"))) var faculty: Int?

    func run() async throws {
        let settings = try options.settings()
        let faculty = faculty
        try await settings.run { client, output in
            let courses: [CatalogueCourse] =
                if let faculty { try await client.api.send(.catalogue(ofFaculty: faculty)) } else {
                    try await client.student.loadCatalogue()
                }
            try output.print(courses) {
                courses.isEmpty
                    ? CLILanguage.text("cli-course.none")
                    : Table(
                        headers: ["cli.column.id", "cli.column.name", "cli.column.faculty", "cli.column.description"].map {
                            CLILanguage.text($0)
                        },
                        rows: courses.map { ["\($0.id)", $0.name, "\($0.facultyId)", Table.clip($0.description)] }
                    ).render()
            }
        }
    }
}

private func facultyTable(_ courses: [Course]) -> String {
    guard !courses.isEmpty else { return CLILanguage.text("cli-course.none-faculty") }
    return Table(
        headers: ["cli.column.id", "cli.column.code", "cli.column.name", "cli.column.students", "cli.column.description"].map {
            CLILanguage.text($0)
        },
        rows: courses.map { [$0.id.map(String.init) ?? "-", $0.courseCode, $0.name, "\($0.enrollmentCount)", Table.clip($0.description)] }
    ).render()
}

private func studentTable(_ courses: [EnrolledCourse]) -> String {
    guard !courses.isEmpty else { return CLILanguage.text("cli-course.none-student") }
    return Table(
        headers: ["cli.column.id", "cli.column.code", "cli.column.name", "cli.column.enrolled", "cli.column.description"].map {
            CLILanguage.text($0)
        },
        rows: courses.map { ["\($0.id)", $0.courseCode, $0.name, day($0.enrollmentDate), Table.clip($0.description)] }
    ).render()
}

func day(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day())
}
