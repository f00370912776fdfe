import ArgumentParser
import ExamPrepServer
import Foundation

/// `examprep-server healthcheck`: exit 0 when the server on this machine (the configured
/// HOST and PORT) answers `GET /ready` with 200 within two seconds, else 1. A container's
/// HEALTHCHECK, which has no curl, runs it.
struct HealthCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 if the local server is ready (GET /ready answers 200 within 2 s), else 1.")

    @Argument(parsing: .allUnrecognized, help: "Settings as flags, e.g. --port 9000 (the same as serve's).")
    var settings: [String] = []

    func run() throws {
        let configuration: AppConfiguration
        do {
            configuration = try AppConfiguration.load(arguments: settings, environment: ProcessInfo.processInfo.environment)
        } catch let error as ConfigurationError {
            standardError("examprep-server: \(error.description)")
            throw ExitCode(78)
        }
        let host = HealthCheck.targetHost(forListening: configuration.host)
        switch HealthCheck.check(host: host, port: configuration.port) {
        case .ready:
            print("ready")
        case .notReady(let status):
            standardError("examprep-server: not ready (GET /ready answered \(status))")
            throw ExitCode.failure
        case .unreachable(let reason):
            standardError("examprep-server: not ready: \(reason)")
            throw ExitCode.failure
        }
    }
}
