import ArgumentParser
import ExamPrepClient
import Foundation

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: "The server's base URL (default: $EXAMPREP_URL, else http://127.0.0.1:8080).")
    var server: String?

    @Flag(help: "Print JSON (the API's shapes) instead of text.")
    var json = false

    /// The resolved settings, as a value that can cross to the main actor.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CLISettings {
        let text = server ?? environment["EXAMPREP_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://127.0.0.1:8080"
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host() != nil
        else {
            throw ValidationError("'\(text)' is not an http:// or https:// URL.")
        }
        return CLISettings(serverURL: url, configDirectory: FileSessionStore.defaultDirectory(environment: environment), json: json)
    }
}
