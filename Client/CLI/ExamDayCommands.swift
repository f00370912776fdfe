import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// Faculty on exam day: who is in an exam, an attempt's log, more time for one attempt, one
/// student's own terms for an exam, and a student's extra time in a course.
extension Exams {
    struct Attempts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.attempts.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.exam"))) var exam: Int

        func run() async throws {
            let settings = try options.settings()
            let exam = exam
            try await settings.run { client, output in
                let attempts = try await client.faculty.loadAttempts(examId: exam)
                let zone = try await courseZone(ofExam: exam, client: client)
                try output.print(attempts) { attemptTable(attempts, courseZone: zone) }
            }
        }
    }

    struct Events: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.events.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.exams.events.attempt"))) var attempt: Int

        func run() async throws {
            let settings = try options.settings()
            let attempt = attempt
            try await settings.run { client, output in
                let events = try await client.faculty.attemptEvents(attempt)
                try output.print(events) {
                    Table(
                        headers: ["cli.column.at-utc", "cli.column.event", "cli.column.detail"].map { CLILanguage.text($0) },
                        rows: events.map { [moment($0.at), $0.kind.rawValue.replacingOccurrences(of: "_", with: "-"), $0.detail ?? ""] }
                    ).render()
                }
            }
        }
    }

    struct Extend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.exams.extend.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.attempt"))) var attempt: Int
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.extend.minutes"))) var minutes: Int

        func run() async throws {
            let settings = try options.settings()
            let (attempt, minutes) = (attempt, minutes)
            try await settings.run { client, output in
                let extended = try await client.faculty.extendAttempt(attempt, byMinutes: minutes)
                try output.print(extended) {
                    let deadline = extended.deadline.map(moment) ?? CLILanguage.text("cli-exam.no-set-time")
                    return CLILanguage.text(
                        "cli-exam.extended", ["attempt": .integer(attempt), "email": .text(extended.email), "deadline": .text(deadline)])
                }
            }
        }
    }

    struct Override: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.exams.override.abstract"),
            discussion: CLILanguage.text("cli-help.exams.override.discussion"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.exam"))) var exam: Int
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.student"))) var student: Int
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.override.extra-attempts"))) var extraAttempts: Int?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.override.opens-at"))) var opensAt: String?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.override.closes-at"))) var closesAt: String?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.exams.override.time-limit"))) var timeLimit: Int?
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.exams.override.remove"))) var remove = false

        func run() async throws {
            let settings = try options.settings()
            let override = ExamOverride(
                extraAttempts: extraAttempts, opensAt: try opensAt.map { try instant($0, option: "--opens-at") },
                closesAt: try closesAt.map { try instant($0, option: "--closes-at") }, timeLimitMinutes: timeLimit)
            let (exam, student, remove) = (exam, student, remove)
            try await settings.run { client, output in
                if remove {
                    try await client.faculty.removeOverride(student: student, exam: exam)
                    return try output.print(SuccessResponse()) {
                        CLILanguage.text("cli-exam.override-removed", ["student": .integer(student), "exam": .integer(exam)])
                    }
                }
                let stored = try await client.faculty.setOverride(override, student: student, exam: exam)
                try output.print(stored) {
                    CLILanguage.text("cli-exam.override-set", ["student": .integer(student), "exam": .integer(exam)])
                }
            }
        }
    }
}

extension Courses {
    struct Accommodate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: CLILanguage.text("cli-help.courses.accommodate.abstract"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.student"))) var student: Int
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.accommodate.multiplier"))) var multiplier: Double?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.accommodate.extra-minutes"))) var extraMinutes: Int?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.accommodate.note"))) var note: String?
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.accommodate.grade-offset"))) var gradeOffset: Int?
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.courses.accommodate.remove"))) var remove = false

        func run() async throws {
            let settings = try options.settings()
            let (reference, student, multiplier, extraMinutes, note, remove) = (course, student, multiplier, extraMinutes, note, remove)
            let gradeOffset = gradeOffset
            try await settings.run { client, output in
                let course = try await reference.id(in: client)
                if remove {
                    try await client.faculty.removeAccommodation(student: student, course: course)
                    return try output.print(SuccessResponse()) {
                        CLILanguage.text("cli-exam.accommodation-removed", ["student": .integer(student), "course": .integer(course)])
                    }
                }
                let stored = try await client.faculty.setAccommodation(
                    student: student, course: course, timeMultiplier: multiplier, extraMinutes: extraMinutes, note: note,
                    gradeThresholdOffsetPercent: gradeOffset)
                try output.print(stored) {
                    CLILanguage.text(
                        "cli-exam.accommodation-set",
                        [
                            "student": .integer(student), "course": .integer(course),
                            "multiplier": .text(Points.text(stored.timeMultiplier ?? 1)),
                            "minutes": .integer(stored.extraMinutes ?? 0),
                        ])
                }
            }
        }
    }
}

/// An ISO 8601 time with its zone, from an option.
private func instant(_ text: String, option: String) throws -> Date {
    guard let date = try? Date(text, strategy: .iso8601) else {
        throw ValidationError(CLILanguage.text("cli-exam.not-iso-time", ["option": .text(option)]))
    }
    return date
}

/// The time zone of the course an exam belongs to.
@MainActor
private func courseZone(ofExam examId: Int, client: ExamPrepClient) async throws -> String {
    let courseId = try await client.faculty.exam(examId).courseId
    let courses = client.faculty.courses.isEmpty ? try await client.faculty.load() : client.faculty.courses
    return courses.first { $0.id == courseId }?.timeZone ?? "UTC"
}

private func attemptTable(_ attempts: [FacultyAttemptSummary], courseZone: String) -> String {
    guard !attempts.isEmpty else { return CLILanguage.text("cli-exam.nobody-started") }
    let zone = TimeZone(identifier: courseZone) ?? .gmt
    func time(_ date: Date?) -> String { date.map { ZonedTime.wallTime($0, in: zone, format: "MM-dd HH:mm") } ?? "-" }
    let table = Table(
        headers: ["cli.column.attempt", "cli.column.student"].map { CLILanguage.text($0) } + ["#"]
            + ["cli.column.started", "cli.column.deadline", "cli.column.last-save", "cli.column.submitted", "cli.column.score"].map {
                CLILanguage.text($0)
            },
        rows: attempts.map { attempt in
            let submitted =
                attempt.submittedAt.map { attempt.autoSubmitted ? CLILanguage.text("cli-exam.auto", ["time": .text(time($0))]) : time($0) }
                ?? CLILanguage.text("cli-exam.running")
            let score = attempt.score.map { score in "\(Points.text(score))/\(attempt.maxScore.map(Points.text) ?? "?")" } ?? "-"
            let deadline = time(attempt.deadline) + (attempt.extendedMinutes > 0 ? " (+\(attempt.extendedMinutes))" : "")
            return [
                "\(attempt.attemptId)", attempt.email, "\(attempt.number)", time(attempt.startedAt), deadline, time(attempt.lastSavedAt),
                submitted, score,
            ]
        }
    ).render()
    return table + "\n" + CLILanguage.text("cli-exam.course-times", ["zone": .text(zone.identifier)])
}
