import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep open [PATH]`: the server's pages in the system browser, signed in as the person
/// signed in here, through a one-time link (it works once, within a minute).
struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: CLILanguage.text("cli.open.abstract"),
        discussion: CLILanguage.text("cli-help.open.discussion"))

    @OptionGroup var options: GlobalOptions
    @Argument(help: ArgumentHelp(CLILanguage.text("cli-help.open.path"))) var path: String?
    @Flag(help: ArgumentHelp(CLILanguage.text("cli-help.open.print"))) var print = false

    func run() async throws {
        let settings = try options.settings()
        if let path, !path.hasPrefix("/") || path.hasPrefix("//") {
            throw ValidationError(CLILanguage.text("cli-account.not-a-page-path", ["path": .text(path)]))
        }
        let (path, printOnly) = (path, print)
        try await settings.run { client, output in
            let link = try await client.account.signInLink(next: path)
            guard !printOnly else { return try output.print(link) { link.url } }
            switch await BrowserOpener.open(link.url) {
            case .opened(let opener):
                output.note(CLILanguage.text("cli-account.opened-link", ["opener": .text(opener)]))
            case .notOpened(let reason):
                output.note(CLILanguage.text("cli-account.open-link", ["reason": .text(reason)]))
                try output.print(link) { link.url }
            }
        }
    }
}

/// Hands a URL to the system's opener: `xdg-open` (found on `PATH`) on Linux, `open` on macOS,
/// run directly (never through a shell) with the URL as its one argument.
enum BrowserOpener {
    enum Outcome: Equatable {
        case opened(String)
        case notOpened(String)
    }

    static func open(_ url: String, environment: [String: String] = ProcessInfo.processInfo.environment) async -> Outcome {
        // Only a web address goes to the opener: never a file, a command line option or another scheme.
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), ["http", "https"].contains(scheme) else {
            return .notOpened(CLILanguage.text("cli-account.link-not-web"))
        }
        guard let opener = opener(environment: environment) else {
            #if os(macOS)
                return .notOpened(CLILanguage.text("cli-account.no-open"))
            #else
                return .notOpened(CLILanguage.text("cli-account.no-xdg-open"))
            #endif
        }
        let process = Process()
        process.executableURL = opener
        process.arguments = [url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let ended: Result<Int32, any Error> = await withCheckedContinuation { continuation in
            process.terminationHandler = { finished in
                continuation.resume(returning: .success(finished.terminationReason == .exit ? finished.terminationStatus : -1))
            }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(returning: .failure(error))
            }
        }
        switch ended {
        case .failure(let error):
            return .notOpened(
                CLILanguage.text(
                    "cli-account.opener-not-started", ["opener": .text(opener.path), "error": .text(error.localizedDescription)]))
        case .success(let status) where status != 0:
            return .notOpened(
                CLILanguage.text("cli-account.opener-failed", ["opener": .text(opener.lastPathComponent), "status": .text("\(status)")]))
        case .success:
            return .opened(opener.lastPathComponent)
        }
    }

    private static func opener(environment: [String: String]) -> URL? {
        #if os(macOS)
            let open = URL(fileURLWithPath: "/usr/bin/open")
            return FileManager.default.isExecutableFile(atPath: open.path) ? open : nil
        #else
            let folders = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":")
            return folders.map { URL(fileURLWithPath: String($0)).appending(path: "xdg-open") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        #endif
    }
}
