import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(help: ArgumentHelp(CLILanguage.text("cli.option.server")))
    var server: String?

    @Flag(help: ArgumentHelp(CLILanguage.text("cli.option.json")))
    var json = false

    @Flag(help: ArgumentHelp(CLILanguage.text("cli.option.insecure")))
    var insecure = false

    /// The resolved settings, as a value that can cross to the main actor.
    func settings(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CLISettings {
        let text = server ?? environment["EXAMPREP_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://127.0.0.1:8080"
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host() != nil
        else {
            throw ValidationError(CLILanguage.text("cli-account.not-a-url", ["url": .text(text)]))
        }
        if scheme == "http", !insecure, !Self.isLoopback(url) {
            throw ValidationError(CLILanguage.text("cli-account.plain-http", ["url": .text(text)]))
        }
        return CLISettings(serverURL: url, configDirectory: FileSessionStore.defaultDirectory(environment: environment), json: json)
    }

    /// localhost, 127.0.0.0/8 or ::1: traffic that never leaves the machine.
    static func isLoopback(_ url: URL) -> Bool {
        guard let host = url.host(percentEncoded: false)?.lowercased() else { return false }
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.first == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}
