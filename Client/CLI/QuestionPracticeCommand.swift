import ArgumentParser
import ExamPrepClient
import ExamPrepShared

extension Questions {
    /// `examprep questions practice`: open a course's bank questions for students' practice.
    struct OpenForPractice: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "practice",
            abstract: CLILanguage.text("cli-help.questions.open-for-practice.abstract"),
            discussion: CLILanguage.text("cli-help.questions.open-for-practice.discussion"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.option.topic"))) var topic: String?
        @Option(name: .customLong("tag"), help: ArgumentHelp(CLILanguage.text("cli-help.questions.open-for-practice.tags"))) var tags:
            [String] = []
        @Option(name: .customLong("id"), help: ArgumentHelp(CLILanguage.text("cli-help.questions.open-for-practice.ids"))) var ids: [Int] =
            []
        @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.questions.open-for-practice.off"))) var off = false

        func run() async throws {
            let settings = try options.settings()
            let (course, topic, tags, ids, off) = (course, topic, tags, ids, off)
            try await settings.run { client, output in
                let result = try await client.faculty.markPractice(
                    !off, courseId: try await course.id(in: client), topic: topic, tags: tags.isEmpty ? nil : tags,
                    questionIds: ids.isEmpty ? nil : ids)
                try output.print(result) {
                    var text = CLILanguage.text(off ? "cli-bank.closed" : "cli-bank.opened", ["count": .integer(result.changed)])
                    if let heldBack = result.heldBack, heldBack > 0 {
                        text += "\n" + CLILanguage.text("cli-bank.held-back", ["count": .integer(heldBack)])
                    }
                    return text
                }
            }
        }
    }
}
