import ArgumentParser
import ExamPrepServer
import Foundation

/// `examprep-server settings [--markdown] [--setting value …]`: the settings in force (from the
/// environment and the flags given, defaults worked out as a start would, secrets hidden), or
/// docs/CONFIGURATION.md. Scripts ask the server this way instead of repeating its rules.
struct SettingsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Print the settings in force as NAME=value lines (secrets hidden), or with --markdown the settings' reference.")

    @Flag(help: "Print docs/CONFIGURATION.md, the reference of every setting.")
    var markdown = false

    @Argument(parsing: .allUnrecognized, help: "Settings as flags, as serve takes them.")
    var settings: [String] = []

    func run() throws {
        if markdown {
            print(AppConfiguration.settingsMarkdown, terminator: "")
            return
        }
        do {
            let configuration = try AppConfiguration.load(arguments: settings, environment: ProcessInfo.processInfo.environment)
            print(configuration.settingsInForce)
        } catch let error as ConfigurationError {
            standardError("examprep-server: \(error.description)")
            throw ExitCode(78)
        }
    }
}
