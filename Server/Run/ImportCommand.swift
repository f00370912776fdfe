import ArgumentParser
import ExamPrepServer
import Foundation

/// `examprep-server import-v1 --from <url> [--dry-run] [--json] [--setting value …]`: copies
/// the first version's database into the one `serve` uses (same settings), and prints what
/// it did with every record it could not take as it was.
struct ImportV1: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-v1",
        abstract: "Import the first version's database (Express + Sequelize) into this server's database.",
        discussion: """
            Copies users (with their passwords), courses (with their codes) and enrollments, keeping their ids, in one \
            transaction. Records that cannot be taken as they are (two accounts of one address, no role, an invalid email, \
            a course code that is not four letters, a course name repeated by one faculty member, an enrollment pointing \
            at nothing, …) are listed with what was done instead. Running it again imports nothing twice. The target is \
            the database `serve` uses: DATABASE_URL / DATABASE_URL_FILE, else the embedded PostgreSQL under \
            EXAMPREP_DATA_DIR; its schema is brought up to date first, also on a dry run. Exit status 0 when the import \
            (or the dry run) went through, whatever it reported; 78 for a bad setting or source URL; 1 when it failed, and then nothing \
            was imported.
            """)

    @Option(name: .customLong("from"), help: ArgumentHelp("postgres:// URL of the first version's database.", valueName: "url"))
    var from: String?

    @Option(
        name: .customLong("from-file"), help: ArgumentHelp("A file holding that URL (keeps its password out of ps).", valueName: "file"))
    var fromFile: String?

    @Flag(help: "Do everything, print the report, then roll back: nothing is imported.")
    var dryRun = false

    @Flag(help: "Print the report as JSON.")
    var json = false

    @Option(
        name: .customLong("merge-registered"),
        help: ArgumentHelp(
            "An address registered on this server whose account you have confirmed is the first-version user's: that account "
                + "gets the user's records (repeatable). Without it, such an address is a conflict in the report.",
            valueName: "email"))
    var mergeRegistered: [String] = []

    @Argument(parsing: .allUnrecognized, help: "Settings of the target database as flags, e.g. --database-url-file (see serve --help).")
    var settings: [String] = []

    func validate() throws {
        guard (from == nil) != (fromFile == nil) else {
            throw ValidationError("Give the first version's database as --from <postgres URL> or --from-file <file>.")
        }
    }

    func run() async throws {
        do {
            let configuration = try loadConfiguration(settings)
            let sourceURL = try sourceURL()
            let report = try await FirstVersionImport.run(
                sourceURL: sourceURL, configuration: configuration, dryRun: dryRun, mergeRegistered: mergeRegistered)
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                FileHandle.standardOutput.write(try encoder.encode(report) + Data("\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data(report.text.utf8))
            }
        } catch let error as ConfigurationError {
            standardError("examprep-server: \(error.description)")
            throw ExitCode(78)
        } catch let error as ImportSourceUnreadable {
            standardError("examprep-server: \(error.description)")
            throw ExitCode(78)
        } catch {
            standardError("examprep-server: import-v1 failed, nothing was imported: \(error)")
            throw ExitCode.failure
        }
    }

    private func sourceURL() throws -> String {
        if let from {
            if FirstVersionImport.carriesPassword(sourceURL: from) {
                standardError(
                    "examprep-server: warning: --from carries a password, which other users of this machine can read in the "
                        + "process list; use --from-file")
            }
            return from
        }
        guard let fromFile, let data = FileManager.default.contents(atPath: fromFile) else {
            throw ImportSourceUnreadable(path: fromFile ?? "")
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

struct ImportSourceUnreadable: Error, CustomStringConvertible {
    var path: String
    var description: String { "--from-file names \(path), which cannot be read" }
}
