import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

extension Courses {
    /// `examprep courses roster`: a course's students with the user ids that accommodations,
    /// overrides and reset links name.
    struct Roster: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List a course's students (faculty): user id, email, name, enrolled, accommodation.")

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference

        func run() async throws {
            let settings = try options.settings()
            let course = course
            try await settings.run { client, output in
                let students = try await client.faculty.loadClassList(try await course.id(in: client))
                try output.print(students) { rosterTable(students) }
            }
        }
    }
}

private func rosterTable(_ students: [CourseRosterStudent]) -> String {
    guard !students.isEmpty else { return "No students yet. They enroll with the course's code (examprep courses list)." }
    return Table(
        headers: ["USER ID", "EMAIL", "NAME", "ENROLLED", "ACCOMMODATION"],
        rows: students.map { [String($0.userId), $0.email, $0.name ?? "", day($0.enrolledAt), accommodationText($0.accommodation)] }
    ).render()
}

private func accommodationText(_ accommodation: Accommodation?) -> String {
    guard let accommodation else { return "" }
    return "time × \(Points.text(accommodation.timeMultiplier ?? 1)) + \(accommodation.extraMinutes ?? 0) min"
}
