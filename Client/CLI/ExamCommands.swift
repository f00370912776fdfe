import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

struct Exams: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.exams.abstract"),
        subcommands: [
            List.self, Create.self, Publish.self, Close.self, Take.self, Attempts.self, Events.self, Extend.self, Override.self,
            Stats.self,
        ],
        defaultSubcommand: List.self
    )

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Faculty: the exams of your courses. Students: the published exams of your courses.")

        @OptionGroup var options: GlobalOptions
        @Option(help: "Only this course's exams (its id or code).") var course: CourseReference?

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
            abstract: "Create a draft exam from a JSON or YAML file (faculty).",
            discussion: """
                The file holds title, optional instructions, timeLimitMinutes, opensAt, closesAt, maxAttempts, \
                and questions: each with kind (single_choice, multiple_choice, true_false, short_answer, numerical, \
                matching), prompt, points, choices ([{id, text}], choice questions only) and answer (the right choice \
                id or ids, true/false, the accepted short answers, [{value, tolerance}], or {item: option}); or a slot \
                {fromBank: {topic, tags, count, points}} that draws questions from the course's bank for each \
                attempt; optionally a policy (gradingMethod, \
                minutesBetweenAttempts, shuffleQuestions, shuffleChoices, graceSeconds, review: {afterSubmit, \
                afterClose}). Publish it with `examprep exams publish ID`.
                """)

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: "The exam as .json, .yaml or .yml.") var file: String

        func run() async throws {
            let settings = try options.settings()
            let draft = try ExamFile.load(file)
            let course = course
            try await settings.run { client, output in
                let exam = try await client.faculty.createExam(draft, in: try await course.id(in: client))
                try output.print(exam) {
                    "Created draft exam \(exam.id) \"\(exam.title)\": \(questionCount(exam)) questions, \(exam.totalPoints) points. "
                        + "Publish it with: examprep exams publish \(exam.id)"
                }
            }
        }
    }

    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Publish a draft exam to the course's students (faculty).")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The exam's id.") var exam: Int

        func run() async throws {
            let settings = try options.settings()
            let exam = exam
            try await settings.run { client, output in
                let published = try await client.faculty.publishExam(exam)
                try output.print(published) { "Published exam \(published.id) \"\(published.title)\"." }
            }
        }
    }

    struct Close: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Close a published exam (faculty): open attempts end and are graded with what was saved.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The exam's id.") var exam: Int

        func run() async throws {
            let settings = try options.settings()
            let exam = exam
            try await settings.run { client, output in
                let closed = try await client.faculty.closeExam(exam)
                try output.print(closed) { "Closed exam \(closed.id) \"\(closed.title)\"." }
            }
        }
    }

    struct Take: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take an exam in the terminal (student), one question at a time.",
            discussion: """
                Each answer is saved on the server as you give it; while the server cannot be reached, answers \
                are kept on this computer ("offline, N answers waiting") and sent when it answers again. Leave \
                with Ctrl-C and run the command again to continue where you were. With a time limit, the time \
                left counts down on the prompt line; deadlines are shown in the course's time zone and yours.
                """)

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The exam's id (see `examprep exams list`).") var exam: Int

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
    guard !exams.isEmpty else { return "No exams yet. Write one with: examprep exams create --course ID --file exam.yaml" }
    return Table(
        headers: ["ID", "COURSE", "STATUS", "QUESTIONS", "POINTS", "ATTEMPTS", "TITLE"],
        rows: exams.map {
            ["\($0.id)", "\($0.courseId)", $0.status.rawValue, "\($0.questionCount)", "\($0.totalPoints)", "\($0.attemptCount)", $0.title]
        }
    ).render()
}

private func studentTable(_ exams: [StudentExamSummary]) -> String {
    guard !exams.isEmpty else { return "No exams are open to you." }
    return Table(
        headers: ["ID", "COURSE", "TIME LIMIT", "ATTEMPTS", "GRADE", "TITLE"],
        rows: exams.map { exam in
            [
                "\(exam.id)", "\(exam.courseId)", ZonedTime.limit(exam.timeLimitMinutes, base: exam.baseTimeLimitMinutes),
                "\(exam.attemptsUsed)/\(exam.maxAttempts)\(exam.openAttemptId == nil ? "" : " (open)")",
                exam.bestScore.map { "\(Points.text($0))/\(Points.text(exam.maxScore))\(exam.needsGrading == true ? " pending" : "")" }
                    ?? "-", exam.title,
            ]
        }
    ).render()
}

/// An exam's questions, drawn ones included.
private func questionCount(_ exam: Exam) -> Int {
    exam.questions.count + (exam.draws ?? []).reduce(0) { $0 + $1.fromBank.count }
}
