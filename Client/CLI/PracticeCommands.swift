import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep practice`: practise a course's questions in the terminal, each answer checked at
/// once (never counted toward grades).
struct Practice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.practice.abstract"),
        discussion: CLILanguage.text("cli-help.practice.discussion"))

    @OptionGroup var options: GlobalOptions
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.practice.course"))) var course: CourseReference?
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.practice.topic"))) var topic: String?
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.practice.mistakes"))) var mistakes = false
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.practice.count"))) var count: Int?

    func run() async throws {
        let settings = try options.settings()
        let (course, topic, mistakes, count) = (course, topic, mistakes, count)
        try await settings.run { client, _ in
            let courseID = try await PracticeCourse.resolve(try await course.id(in: client), student: client.student)
            let session = try await client.student.startPractice(
                courseId: courseID, topic: topic, count: count, onlyMistakes: mistakes)
            try await PracticeDrill(student: client.student, session: session).run()
        }
    }
}

/// `examprep review`: the questions due for spaced review today, practised course by course.
struct Review: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.review.abstract"),
        discussion: CLILanguage.text("cli-help.review.discussion"))

    @OptionGroup var options: GlobalOptions
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.course"))) var course: CourseReference?
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.review.list"))) var list = false

    func run() async throws {
        let settings = try options.settings()
        let (course, list) = (course, list)
        try await settings.run { client, output in
            let due = try await client.student.loadDueReviews(courseId: try await course.id(in: client))
            if list || output.json {
                try output.print(due) { PracticeText.dueTable(due) }
                return
            }
            guard !due.isEmpty else {
                output.note(CLILanguage.text("cli-exam.due.none"))
                return
            }
            var courses: [Int] = []
            for item in due where !courses.contains(item.courseId) { courses.append(item.courseId) }
            for courseID in courses {
                let count = min(due.filter { $0.courseId == courseID }.count, PracticeText.maxCount)
                let session = try await client.student.startPractice(courseId: courseID, count: count, onlyDue: true)
                try await PracticeDrill(student: client.student, session: session).run()
            }
        }
    }
}

/// `examprep mistakes`: what you got wrong and have not answered right since.
struct Mistakes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.mistakes.abstract"),
        discussion: CLILanguage.text("cli-help.mistakes.discussion"))

    @OptionGroup var options: GlobalOptions
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.course"))) var course: CourseReference?

    func run() async throws {
        let settings = try options.settings()
        let course = course
        try await settings.run { client, output in
            let mistakes = try await client.student.loadMistakes(courseId: try await course.id(in: client))
            try output.print(mistakes) { PracticeText.mistakeTable(mistakes) }
        }
    }
}

/// Which course to practise: the one named, else the student's only course.
@MainActor
enum PracticeCourse {
    static func resolve(_ course: Int?, student: Student) async throws -> Int {
        if let course { return course }
        let courses = try await student.load()
        guard courses.count == 1, let only = courses.first else {
            throw CLIError(
                courses.isEmpty
                    ? CLILanguage.text("cli-exam.practice.not-enrolled")
                    : CLILanguage.text("cli-exam.practice.name-course", ["ids": .text(courses.map { "\($0.id)" }.joined(separator: ", "))]))
        }
        return only.id
    }
}
