import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct Exams: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.exams.abstract"),
        subcommands: [
            List.self, Create.self, Publish.self, Close.self, Reopen.self, Take.self, Attempts.self, Events.self, Extend.self,
            Override.self,
            Stats.self,
        ],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.list.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.list.course"))) var course: CourseReference?

        func run() async throws {
            let settings = try options.settings()
            let reference = course
            try await settings.run { client, output in
                let course = try await reference.id(in: client)
                switch try await client.account.currentRole() {
                case .faculty:
                    let exams = try await client.faculty.loadExams(courseId: course)
                    try output.print(exams) { facultyTable(exams) }
                case .student:
                    let exams = try await client.student.loadExams().filter { course == nil || $0.courseId == course }
                    try output.print(exams) { studentTable(exams) }
                case .admin:
                    throw CLIError.forAdmins
                }
            }
        }
    }

    struct Create: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.create.abstract"),
            discussion: CLILanguage.text("cli-help.exams.create.discussion"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.create.file"))) var file: String

        func run() async throws {
            let settings = try options.settings()
            let draft = try ExamFile.load(file)
            let course = course
            try await settings.run { client, output in
                let exam = try await client.faculty.createExam(draft, in: try await course.id(in: client))
                try output.print(exam) {
                    CLILanguage.text(
                        "cli-exam.created",
                        [
                            "id": .integer(exam.id), "title": .text(exam.title), "questions": .integer(questionCount(exam)),
                            "points": .integer(exam.totalPoints),
                        ])
                }
            }
        }
    }

    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.exams.publish.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.exam"))) var exam: Int

        func run() async throws { try await ExamTransition.publish.run(exam: exam, options: options) }
    }

    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.close.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.exam"))) var exam: Int

        func run() async throws { try await ExamTransition.close.run(exam: exam, options: options) }
    }

    struct Reopen: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("closing.cli-reopen-abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.exam"))) var exam: Int

        func run() async throws { try await ExamTransition.reopen.run(exam: exam, options: options) }
    }

    struct Take: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.take.abstract"),
            discussion: CLILanguage.text("cli-help.exams.take.discussion"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.exams.take.exam"))) var exam: Int

        func run() async throws {
            let settings = try options.settings()
            let exam = exam
            try await settings.run { client, _ in
                try await ExamSession(student: client.student, examID: exam).run()
            }
        }
    }
}

extension Account {
    /// The signed-in role, from the session or else from the server.
    func currentRole() async throws -> Role {
        if let role { return role }
        return try await loadProfile().role
    }
}

private func facultyTable(_ exams: [ExamSummary]) -> String {
    guard !exams.isEmpty else { return CLILanguage.text("cli-exam.none-yet") }
    return Table(
        headers: [
            "cli.column.id", "cli.column.course", "cli.column.status", "cli.column.questions", "cli.column.points", "cli.column.attempts",
            "cli.column.title",
        ].map { CLILanguage.text($0) },
        rows: exams.map {
            ["\($0.id)", "\($0.courseId)", $0.status.rawValue, "\($0.questionCount)", "\($0.totalPoints)", "\($0.attemptCount)", $0.title]
        }
    ).render()
}

private func studentTable(_ exams: [StudentExamSummary]) -> String {
    guard !exams.isEmpty else { return CLILanguage.text("cli-exam.none-open") }
    return Table(
        headers: [
            "cli.column.id", "cli.column.course", "cli.column.time-limit", "cli.column.attempts", "cli.column.grade", "cli.column.title",
        ].map { CLILanguage.text($0) },
        rows: exams.map { exam in
            [
                "\(exam.id)", "\(exam.courseId)", ZonedTime.limit(exam.timeLimitMinutes, base: exam.baseTimeLimitMinutes),
                exam.openAttemptId == nil
                    ? "\(exam.attemptsUsed)/\(exam.maxAttempts)"
                    : CLILanguage.text("cli-exam.attempts-open", ["used": .integer(exam.attemptsUsed), "max": .integer(exam.maxAttempts)]),
                exam.bestScore.map { grade(best: $0, of: exam) } ?? "-", exam.title,
            ]
        }
    ).render()
}

/// A student's best score of an exam, "pending" while an essay waits for a grade.
private func grade(best: Double, of exam: StudentExamSummary) -> String {
    let score = "\(Points.text(best))/\(Points.text(exam.maxScore))"
    return exam.needsGrading == true ? CLILanguage.text("cli-exam.grade-pending", ["grade": .text(score)]) : score
}

/// An exam's questions, drawn ones included.
private func questionCount(_ exam: Exam) -> Int {
    exam.questions.count + (exam.draws ?? []).reduce(0) { $0 + $1.fromBank.count }
}
