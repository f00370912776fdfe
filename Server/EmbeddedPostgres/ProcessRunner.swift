import Foundation

/// The outcome of one finished program.
struct ProcessResult: Sendable {
    var status: Int32
    /// Standard output and standard error, interleaved as written.
    var output: String
}

/// Runs PostgreSQL's programs without blocking the cooperative thread pool: the caller is
/// suspended while a thread of its own waits for the child (`ChildProcess`).
///
/// Output goes to a temporary file rather than a pipe: `pg_ctl start` leaves a server
/// running that would inherit a pipe and keep it open for its whole life.
///
/// Why not `swift-subprocess`: its `run` is async only, and a cluster is also stopped from
/// `atexit` handlers (`runBlocking`), where nothing can be awaited; one spawner serves both
/// (benchmarks/README.md, "Hand-written or library").
struct ProcessRunner: Sendable {
    /// When set (we run as root), every program runs as this user through `runuser`.
    var runAsUser: String?
    /// The working directory of the child; it must be accessible to `runAsUser`.
    var workingDirectory: URL?

    init(runAsUser: String?, workingDirectory: URL? = nil) {
        self.runAsUser = runAsUser
        self.workingDirectory = workingDirectory
    }

    func run(_ executable: URL, _ arguments: [String]) async throws -> ProcessResult {
        let outputFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("examprep-pg-\(UUID().uuidString).out", isDirectory: false)
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let child = childProcess(executable, arguments, outputPath: outputFile.path)
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            // A thread of its own: waiting for a child blocks, and must not hold a pool thread.
            Thread.detachNewThread {
                do {
                    continuation.resume(returning: try child.runAndWait())
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
        let data = (try? Data(contentsOf: outputFile)) ?? Data()
        return ProcessResult(status: status, output: String(decoding: data, as: UTF8.self))
    }

    /// Runs the program and throws `commandFailed` (with its output) unless it exits with 0.
    @discardableResult
    func check(_ executable: URL, _ arguments: [String]) async throws -> String {
        let result = try await run(executable, arguments)
        guard result.status == 0 else {
            throw EmbeddedPostgresError.commandFailed(
                command: executable.lastPathComponent, status: result.status, output: result.output)
        }
        return result.output
    }

    /// Blocks the calling thread. Only for process-exit cleanup, where no async context is left.
    func runBlocking(_ executable: URL, _ arguments: [String]) -> Int32 {
        (try? childProcess(executable, arguments, outputPath: "/dev/null").runAndWait()) ?? -1
    }

    private func childProcess(_ executable: URL, _ arguments: [String], outputPath: String) -> ChildProcess {
        var launchPath = executable.path
        var launchArguments = arguments
        if let runAsUser {
            launchPath = Self.runuserPath
            launchArguments = ["-u", runAsUser, "--", executable.path] + arguments
        }
        return ChildProcess(
            executablePath: launchPath,
            arguments: launchArguments,
            environment: Self.childEnvironment(),
            workingDirectory: workingDirectory?.path,
            outputPath: outputPath
        )
    }

    private static var runuserPath: String {
        for folder in ["/usr/sbin", "/sbin", "/usr/bin", "/bin"] where FileManager.default.isExecutableFile(atPath: "\(folder)/runuser") {
            return "\(folder)/runuser"
        }
        return "/usr/sbin/runuser"
    }

    /// The parent's environment without libpq's `PG*` variables (they would redirect
    /// `createdb` elsewhere) and with English messages, so failures read the same everywhere.
    private static func childEnvironment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PG") }
        environment["LC_MESSAGES"] = "C"
        environment["LANG"] = "C"
        environment.removeValue(forKey: "LC_ALL")
        return environment
    }
}
