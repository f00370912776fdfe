import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep practice`: practise a course's questions in the terminal, each answer checked at
/// once (never counted toward grades).
struct Practice: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.practice.abstract"),
        discussion: """
            Questions due for review come first, then new ones. Every answer shows whether it was right, the points \
            it would earn, the author's feedback, the right answer, and when the question comes back for review. \
            Practice never counts toward grades. Enter skips a question; Ctrl-C ends the session.
            """)

    @OptionGroup var options: GlobalOptions
    @Option(help: "The course, by id or code (needed when you are enrolled in more than one).") var course: CourseReference?
    @Option(help: "Only questions of this topic (and the topics below it), e.g. algebra/groups.") var topic: String?
    @Flag(help: "Only questions you got wrong and have not answered right since.") var mistakes = false
    @Option(help: "How many questions (1 to 50; default 10).") var count: Int?

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
        discussion: """
            Questions come back on the days spaced repetition (FSRS) chooses: a wrong answer the next day, a right \
            one later each time. "Today" is the course's day, in its time zone. With --list, only list them.
            """)

    @OptionGroup var options: GlobalOptions
    @Option(help: "Only this course (its id or code).") var course: CourseReference?
    @Flag(help: "List the questions due today instead of reviewing them.") var list = false

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
                output.note("Nothing is due for review today.")
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
        discussion: """
            Wrong answers in practice count at once; wrong answers in an exam once its review options show you \
            which answers were right. A question leaves the list when you answer it right. Practise these with: \
            examprep practice --course ID --mistakes
            """)

    @OptionGroup var options: GlobalOptions
    @Option(help: "Only this course (its id or code).") var course: CourseReference?

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
                    ? "You are not enrolled in any course. Enroll with: examprep enroll CODE"
                    : "Name the course: examprep practice --course ID (yours: \(courses.map { "\($0.id)" }.joined(separator: ", ")))")
        }
        return only.id
    }
}
