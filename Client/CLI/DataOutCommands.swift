import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep account export --out file`: everything the server holds about the signed-in person.
struct AccountCommands: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account", abstract: CLILanguage.text("cli-help.account.abstract"), subcommands: [Export.self])

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: CLILanguage.text("cli-help.account.export.abstract"))

        @OptionGroup var options: GlobalOptions
        @Option(help: ArgumentHelp(CLILanguage.text("cli-help.account.export.out"))) var out: String

        func run() async throws {
            let settings = try options.settings()
            let path = out
            try await settings.run { client, output in
                // The person's own data: a file only they may read.
                try saveFile(try await client.account.exportData(), to: path, privately: true, output: output)
            }
        }
    }
}

/// `examprep courses export <course> --out file`: the course as one file (no students).
struct CourseExport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: CLILanguage.text("cli-help.courses.export.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CourseReference.help)) var course: CourseReference
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.export.out"))) var out: String

    func run() async throws {
        let settings = try options.settings()
        let (course, path) = (course, out)
        try await settings.run { client, output in
            try saveFile(try await client.faculty.exportCourse(try await course.id(in: client)), to: path, privately: false, output: output)
        }
    }
}

/// `examprep courses import <file> [--title …]`: a course's file as a new course with a new code.
struct CourseImport: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: CLILanguage.text("cli-help.courses.import.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.courses.import.file"))) var file: String
    @Option(help: ArgumentHelp(CLILanguage.text("cli-help.courses.import.title"))) var title: String?

    func run() async throws {
        let settings = try options.settings()
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: file)) } catch {
            throw CLIError(CLILanguage.text("cli.file.cannot-read", ["path": .text(file), "error": .text(error.localizedDescription)]))
        }
        let title = title
        try await settings.run { client, output in
            let imported = try await client.faculty.importCourse(data, title: title)
            try output.print(imported) {
                CLILanguage.text(
                    "cli-course.imported",
                    [
                        "name": .text(imported.course.name), "code": .text(imported.course.courseCode),
                        "questions": .integer(imported.questions), "exams": .integer(imported.exams),
                    ])
            }
        }
    }
}

/// `examprep admin erase <user> --yes`: an account's personal data replaced by a pseudonym for good.
struct EraseAccount: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "erase", abstract: CLILanguage.text("cli-help.admin.erase.abstract"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.option.account-id"))) var id: Int
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.admin.erase.yes"))) var yes = false

    func run() async throws {
        guard yes else { throw CLIError(CLILanguage.text("cli-admin.erase-needs-yes", ["id": .integer(id)])) }
        let settings = try options.settings()
        let id = id
        try await settings.run { client, output in
            let said = try await client.admin.erase(userID: id)
            try output.print(SuccessResponse(message: said)) { said ?? "" }
        }
    }
}

/// Writes a downloaded file, `privately` readable by its owner only; says where on standard error.
@MainActor
private func saveFile(_ data: Data, to path: String, privately: Bool, output: Output) throws {
    let attributes: [FileAttributeKey: Any]? = privately ? [.posixPermissions: 0o600] : nil
    if privately { try? FileManager.default.removeItem(atPath: path) }
    guard FileManager.default.createFile(atPath: path, contents: data, attributes: attributes) else {
        throw CLIError(CLILanguage.text("cli.file.cannot-write", ["path": .text(path), "error": .text(path)]))
    }
    output.note(CLILanguage.text("cli.file.wrote", ["path": .text(path)]))
}
