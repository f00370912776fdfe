import ArgumentParser
import ExamPrepClient
import ExamPrepShared

extension Questions {
    /// `examprep questions practice`: open a course's bank questions for students' practice.
    struct OpenForPractice: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "practice",
            abstract: "Open bank questions for students' practice (or close them with --off).",
            discussion: """
                Selects the questions of --topic (and the topics below it) carrying every --tag, or those --id names; \
                with none of them, the whole bank. A question of an exam that is open is not offered while it is open.
                """)

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: "Only this topic and the topics below it.") var topic: String?
        @Option(name: .customLong("tag"), help: "Only questions with this tag (repeat for several).") var tags: [String] = []
        @Option(name: .customLong("id"), help: "Only this question (repeat for several).") var ids: [Int] = []
        @Flag(help: "Close the questions for practice instead.") var off = false

        func run() async throws {
            let settings = try options.settings()
            let (course, topic, tags, ids, off) = (course, topic, tags, ids, off)
            try await settings.run { client, output in
                let result = try await client.faculty.markPractice(
                    !off, courseId: try await course.id(in: client), topic: topic, tags: tags.isEmpty ? nil : tags,
                    questionIds: ids.isEmpty ? nil : ids)
                try output.print(result) {
                    var text = "\(result.changed) question\(result.changed == 1 ? "" : "s") \(off ? "closed" : "opened") for practice."
                    if let heldBack = result.heldBack, heldBack > 0 {
                        text +=
                            "\nWarning: \(heldBack) of them can be shown by an exam that is open now; students are not offered "
                            + "\(heldBack == 1 ? "it" : "them") for practice until that exam is over."
                    }
                    return text
                }
            }
        }
    }
}
