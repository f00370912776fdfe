import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// Faculty on exam day: who is in an exam, an attempt's log, more time for one attempt, one
/// student's own terms for an exam, and a student's extra time in a course.
extension Exams {
    struct Attempts: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Who is in an exam (faculty): each attempt's deadline, last save and score.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The exam's id.") var exam: Int

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
            abstract: "An attempt's log (faculty): started, saved, extended, submitted, auto-submitted.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The attempt's id (see `examprep exams attempts EXAM`).") var attempt: Int

        func run() async throws {
            let settings = try options.settings()
            let attempt = attempt
            try await settings.run { client, output in
                let events = try await client.faculty.attemptEvents(attempt)
                try output.print(events) {
                    Table(
                        headers: ["AT (UTC)", "EVENT", "DETAIL"],
                        rows: events.map { [moment($0.at), $0.kind.rawValue.replacingOccurrences(of: "_", with: "-"), $0.detail ?? ""] }
                    ).render()
                }
            }
        }
    }

    struct Extend: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Give a running attempt more minutes (faculty).")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The attempt's id.") var attempt: Int
        @Option(help: "Minutes to add, 1 to 1440.") var minutes: Int

        func run() async throws {
            let settings = try options.settings()
            let (attempt, minutes) = (attempt, minutes)
            try await settings.run { client, output in
                let extended = try await client.faculty.extendAttempt(attempt, byMinutes: minutes)
                try output.print(extended) {
                    "Attempt \(attempt) of \(extended.email) now ends at \(extended.deadline.map(moment) ?? "no set time") (UTC)."
                }
            }
        }
    }

    struct Override: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give one student their own terms for an exam (faculty): extra attempts, a window, a time limit.",
            discussion: "Times are ISO 8601 with a zone (2026-12-01T09:00:00+01:00). Each call replaces the whole override.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: "The exam's id.") var exam: Int
        @Option(help: "The student's user id.") var student: Int
        @Option(help: "Attempts on top of the exam's.") var extraAttempts: Int?
        @Option(help: "The student's own opening time.") var opensAt: String?
        @Option(help: "The student's own closing time.") var closesAt: String?
        @Option(help: "The student's own time limit in minutes.") var timeLimit: Int?
        @Flag(help: "Remove the student's override instead.") var remove = false

        func run() async throws {
            let settings = try options.settings()
            let override = ExamOverride(
                extraAttempts: extraAttempts, opensAt: try opensAt.map { try instant($0, option: "--opens-at") },
                closesAt: try closesAt.map { try instant($0, option: "--closes-at") }, timeLimitMinutes: timeLimit)
            let (exam, student, remove) = (exam, student, remove)
            try await settings.run { client, output in
                if remove {
                    try await client.faculty.removeOverride(student: student, exam: exam)
                    return try output.print(SuccessResponse()) { "Removed student \(student)'s override for exam \(exam)." }
                }
                let stored = try await client.faculty.setOverride(override, student: student, exam: exam)
                try output.print(stored) { "Student \(student) has their own terms for exam \(exam)." }
            }
        }
    }
}

extension Courses {
    struct Accommodate: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a student extra time in every exam of a course (faculty), running attempts included.")

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: "The student's user id.") var student: Int
        @Option(help: "Multiply time limits by this, 1.0 to 4.0.") var multiplier: Double?
        @Option(help: "Minutes added to time limits, 0 to 1440.") var extraMinutes: Int?
        @Option(help: "A note for faculty (the plan it comes from).") var note: String?
        @Flag(help: "Remove the student's accommodation instead.") var remove = false

        func run() async throws {
            let settings = try options.settings()
            let (reference, student, multiplier, extraMinutes, note, remove) = (course, student, multiplier, extraMinutes, note, remove)
            try await settings.run { client, output in
                let course = try await reference.id(in: client)
                if remove {
                    try await client.faculty.removeAccommodation(student: student, course: course)
                    return try output.print(SuccessResponse()) { "Removed student \(student)'s accommodation in course \(course)." }
                }
                let stored = try await client.faculty.setAccommodation(
                    student: student, course: course, timeMultiplier: multiplier, extraMinutes: extraMinutes, note: note)
                try output.print(stored) {
                    "Student \(student) has time limits × \(Points.text(stored.timeMultiplier ?? 1)) + \(stored.extraMinutes ?? 0) min "
                        + "in course \(course)."
                }
            }
        }
    }
}

/// An ISO 8601 time with its zone, from an option.
private func instant(_ text: String, option: String) throws -> Date {
    guard let date = try? Date(text, strategy: .iso8601) else {
        throw ValidationError("\(option) must be an ISO 8601 time with a zone, such as 2026-12-01T09:00:00+01:00.")
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
    guard !attempts.isEmpty else { return "Nobody has started this exam." }
    let zone = TimeZone(identifier: courseZone) ?? .gmt
    func time(_ date: Date?) -> String { date.map { ZonedTime.wallTime($0, in: zone, format: "MM-dd HH:mm") } ?? "-" }
    let table = Table(
        headers: ["ATTEMPT", "STUDENT", "#", "STARTED", "DEADLINE", "LAST SAVE", "SUBMITTED", "SCORE"],
        rows: attempts.map { attempt in
            let submitted = attempt.submittedAt.map { time($0) + (attempt.autoSubmitted ? " (auto)" : "") } ?? "running"
            let score = attempt.score.map { score in "\(Points.text(score))/\(attempt.maxScore.map(Points.text) ?? "?")" } ?? "-"
            let deadline = time(attempt.deadline) + (attempt.extendedMinutes > 0 ? " (+\(attempt.extendedMinutes))" : "")
            return [
                "\(attempt.attemptId)", attempt.email, "\(attempt.number)", time(attempt.startedAt), deadline, time(attempt.lastSavedAt),
                submitted, score,
            ]
        }
    ).render()
    return table + "\nTimes are the course's (\(zone.identifier))."
}
