import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct Courses: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.courses.abstract"),
        subcommands: [
            List.self, Create.self, Roster.self, Accommodate.self, CourseInvitations.self, AcceptCourseInvitation.self,
            DeclineCourseInvitation.self,
        ],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your courses.")

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
        static let configuration = CommandConfiguration(abstract: "Create a course (faculty); prints its code.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "2 to 100 characters.") var name: String
        @Option(help: "2 to 1000 characters.") var description: String
        @Option(help: "The IANA time zone its deadlines are read in (Europe/Warsaw); UTC when left out.") var timeZone: String?

        func run() async throws {
            let settings = try options.settings()
            let (name, description, timeZone) = (name, description, timeZone)
            try await settings.run { client, output in
                let course = try await client.faculty.create(name: name, description: description, timeZone: timeZone)
                try output.print(course) { "Created \(course.name). Students enroll with the code \(course.courseCode)." }
            }
        }
    }
}

struct Enroll: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.enroll.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: "The course code from your teacher (any case).") var code: String

    func run() async throws {
        let settings = try options.settings()
        let code = code
        try await settings.run { client, output in
            let enrollment = try await client.student.enroll(code: code)
            try output.print(enrollment) {
                "Enrolled in \(enrollment.course.name) (\(enrollment.course.courseCode)) on \(day(enrollment.enrollmentDate))."
            }
        }
    }
}

struct Catalogue: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli.catalogue.abstract"))

    @OptionGroup var options: GlobalOptions
    @Option(help: "Only this faculty member's courses (their user id).") var faculty: Int?

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
                    ? "No courses yet."
                    : Table(
                        headers: ["ID", "NAME", "FACULTY", "DESCRIPTION"],
                        rows: courses.map { ["\($0.id)", $0.name, "\($0.facultyId)", Table.clip($0.description)] }
                    ).render()
            }
        }
    }
}

private func facultyTable(_ courses: [Course]) -> String {
    guard !courses.isEmpty else { return "No courses yet. Create one with: examprep courses create --name … --description …" }
    return Table(
        headers: ["ID", "CODE", "NAME", "STUDENTS", "DESCRIPTION"],
        rows: courses.map { [$0.id.map(String.init) ?? "-", $0.courseCode, $0.name, "\($0.enrollmentCount)", Table.clip($0.description)] }
    ).render()
}

private func studentTable(_ courses: [EnrolledCourse]) -> String {
    guard !courses.isEmpty else { return "Not enrolled in any course yet. Enroll with: examprep enroll CODE" }
    return Table(
        headers: ["ID", "CODE", "NAME", "ENROLLED", "DESCRIPTION"],
        rows: courses.map { ["\($0.id)", $0.courseCode, $0.name, day($0.enrollmentDate), Table.clip($0.description)] }
    ).render()
}

func day(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day())
}
