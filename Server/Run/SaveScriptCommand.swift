import ArgumentParser
import ExamPrepServer

/// `examprep-server save-script`: the statements of a save as a pgbench script, for
/// benchmarks/exam-hour's ceiling (hidden from the help: it is for the benchmark).
struct SaveScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "save-script",
        abstract: "Print the statements of a save as a pgbench script (benchmarks/exam-hour).", shouldDisplay: false)

    func run() throws {
        print(try AttemptSaveScript.render(), terminator: "")
    }
}
