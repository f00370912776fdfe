import ArgumentParser
import ExamPrepServer
import Foundation
import Hummingbird
import Logging

/// `examprep-server`: the API server, and the operations around it.
@main
struct ServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "examprep-server",
        abstract: "The ExamPrep API server.",
        subcommands: [
            Serve.self, HealthCheckCommand.self, ImportV1.self, CreateAdminCommand.self, SettingsCommand.self, SaveScriptCommand.self,
        ],
        defaultSubcommand: Serve.self)
}

/// `examprep-server [serve] [--setting value …]`: every setting comes from the environment and
/// can be overridden by its flag. Secrets are read only from the environment or files, never
/// from flags (they would show in `ps`).
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the server (the default command).",
        discussion: """
            Without DATABASE_URL it runs its own PostgreSQL under the data folder. Every setting is an \
            environment variable, and (but for secrets) a flag that wins over it:

            \(AppConfiguration.settingsHelp)
            """)

    @Argument(parsing: .allUnrecognized, help: "Settings as flags, e.g. --port 9000 (listed below).")
    var settings: [String] = []

    func run() async throws {
        do {
            let configuration = try loadConfiguration(settings)
            ProcessTuning.raiseOpenFileLimit(forConnections: configuration.maxConnections) {
                standardError("examprep-server: warning: \($0)")
            }
            var logger = Logger(label: "examprep")
            logger.logLevel = configuration.logLevel
            logger.debug("malloc arenas", metadata: ["capped at two": "\(ProcessTuning.mallocArenasCapped)"])
            let lifecycle = ServerLifecycle()
            let app = try await buildApplication(configuration, logger: logger, lifecycle: lifecycle)
            try await runServer(app, lifecycle: lifecycle, drain: configuration.shutdownDrain, logger: logger)
        } catch let error as ConfigurationError {
            standardError("examprep-server: \(error.description)")
            throw ExitCode(78)
        } catch {
            standardError("examprep-server: \(error)")
            throw ExitCode.failure
        }
    }
}

/// The settings of the environment with `arguments` (flags) over them, as every command that
/// uses the database reads them; warnings go to standard error.
func loadConfiguration(_ arguments: [String]) throws -> AppConfiguration {
    try AppConfiguration.load(
        arguments: arguments, environment: ProcessInfo.processInfo.environment,
        warnings: { standardError("examprep-server: warning: \($0)") })
}

func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
