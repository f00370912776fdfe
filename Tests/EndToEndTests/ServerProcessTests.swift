import ExamPrepEmbeddedPostgres
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the built `examprep-server` binary as an operator would: from a folder that is not
/// the repository, with nothing configured, then stops it with SIGTERM.
@Suite("The examprep-server process", .hangGuard)
struct ServerProcessTests {
    final class ServerProcess {
        let process: TestProcess
        let log: URL

        init(folder: URL, environment: [String: String], arguments: [String] = []) throws {
            log = folder.appending(path: "server-\(UUID().uuidString.prefix(6)).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process = try TestProcess.launch(
                try ServerProcessTests.serverBinary(), arguments: arguments,
                environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "PORT": "0"].merging(environment) { $1 }, directory: folder,
                output: .file(handle), error: .file(handle))
        }

        var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// The port from the "listening on" line, once the server is up.
        func waitForPort(timeout: Duration = .seconds(60)) async throws -> Int {
            var port: Int?
            try await eventually("the server to listen; it printed:\n\(output)", within: timeout, every: .milliseconds(100)) {
                if let line = output.split(separator: "\n").first(where: { $0.contains("listening on") }) {
                    port = line.split(separator: ":").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
                }
                guard port != nil || process.isRunning else { throw NotStarted(output: output) }
                return port != nil
            }
            return port!
        }

        /// Waits until the server prints `text` while it runs.
        func waitForOutput(_ text: String, timeout: Duration = .seconds(60)) async throws {
            try await eventually("the server to print \"\(text)\"; it printed:\n\(output)", within: timeout, every: .milliseconds(100)) {
                guard output.contains(text) else {
                    guard process.isRunning else { throw NotStarted(output: output) }
                    return false
                }
                return true
            }
        }

        /// Sends SIGTERM and returns the exit status.
        func terminate() async throws -> Int32 {
            process.terminate()
            return try await waitForExit()
        }

        /// The exit status; throws `WaitTimedOut` if it is still running after `timeout`.
        func waitForExit(timeout: Duration = defaultWaitLimit) async throws -> Int32 {
            try await eventually("the server to exit", within: timeout, every: .milliseconds(100)) { !process.isRunning }
            return process.terminationStatus
        }
    }

    struct NotStarted: Error, CustomStringConvertible {
        var output: String
        var description: String { "the server did not start:\n\(output)" }
    }

    static func serverBinary() throws -> URL {
        try CLITests.binary().deletingLastPathComponent().appending(path: "examprep-server")
    }

    /// Runs `examprep-server` with `arguments` to its end; its exit status and output.
    static func runToEnd(_ arguments: [String], environment: [String: String] = [:], folder: URL) async throws -> (Int32, String) {
        let process = try ServerProcess(folder: folder, environment: environment, arguments: arguments)
        let status = try await process.waitForExit(timeout: defaultWaitLimit)
        return (status, process.output)
    }

    static func get(_ port: Int, _ path: String) async throws -> Int {
        let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)\(path)")!)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @Test func withNothingConfiguredItRunsItsOwnPostgresAndStopsCleanlyOnSIGTERM() async throws {
        let folder = URL(fileURLWithPath: "/tmp/examprep-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pidFile = folder.appending(path: ".data/postgres/pgdata/postmaster.pid")

        let first = try ServerProcess(folder: folder, environment: [:])
        let port = try await first.waitForPort()
        #expect(try await Self.get(port, "/health") == 200)
        #expect(try await Self.get(port, "/ready") == 200)
        #expect(first.output.contains("initdb"))
        #expect(first.output.contains("004_login_failures.sql"))
        #expect(FileManager.default.fileExists(atPath: pidFile.path))
        #expect(try await first.terminate() == 0)
        #expect(!FileManager.default.fileExists(atPath: pidFile.path), "PostgreSQL is still running")

        // A second start reuses the cluster: no initdb, no migration applied again.
        let second = try ServerProcess(folder: folder, environment: [:])
        let secondPort = try await second.waitForPort()
        #expect(try await Self.get(secondPort, "/ready") == 200)
        #expect(!second.output.contains("initdb"))
        #expect(second.output.contains("migrations_applied_now=0"))
        #expect(try await second.terminate() == 0)
        #expect(!FileManager.default.fileExists(atPath: pidFile.path))
    }

    @Test func healthcheckExitsZeroForAReadyServerAndOneOtherwise() async throws {
        let folder = URL(fileURLWithPath: "/tmp/examprep-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(folder: folder, environment: [:])
        let port = try await server.waitForPort()
        let (ready, readyOutput) = try await Self.runToEnd(["healthcheck", "--port", "\(port)"], folder: folder)
        #expect(ready == 0, "\(readyOutput)")
        #expect(try await server.terminate() == 0)

        // It answers (`runToEnd` gives up on a process that does not end).
        let (absent, absentOutput) = try await Self.runToEnd(["healthcheck", "--port", "\(port)"], folder: folder)
        #expect(absent == 1)
        #expect(absentOutput.contains("not ready"))
    }

    @Test func aServerStartedBeforeItsDatabaseWaitsForIt() async throws {
        let folder = URL(fileURLWithPath: "/tmp/examprep-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var logger = Logger(label: "late-database")
        logger.logLevel = .warning
        let cluster = EmbeddedPostgres(
            dataDirectory: folder.appending(path: "db"), port: 5544, settings: ["fsync": "off"], logger: logger)
        let url = "postgresql://\(EmbeddedPostgres.defaultApplicationRole)@/examprep?host=\(folder.path)/db/socket&port=5544"
        let server = try ServerProcess(folder: folder, environment: ["DATABASE_URL": url, "DATABASE_STARTUP_WAIT": "120"])
        do {
            // It waits, saying so, instead of exiting...
            try await server.waitForOutput("waiting for PostgreSQL")
            // ...and serves once PostgreSQL is up.
            _ = try await cluster.start()
            let port = try await server.waitForPort(timeout: .seconds(120))
            #expect(try await Self.get(port, "/ready") == 200)
            #expect(try await server.terminate() == 0)
        } catch {
            _ = try? await server.terminate()
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }

    @Test func aDatabaseThatNeverAnswersStopsTheStartWithAClearMessage() async throws {
        let folder = URL(fileURLWithPath: "/tmp/examprep-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (status, output) = try await Self.runToEnd(
            [],
            environment: [
                "DATABASE_URL": "postgresql://nobody@/nothing?host=\(folder.path)/no-socket&port=5999", "DATABASE_STARTUP_WAIT": "1",
            ],
            folder: folder)
        #expect(status == 1)
        #expect(output.contains("examprep-server: PostgreSQL did not answer within 1 sec"))
        #expect(output.contains("waiting for PostgreSQL"))
    }

    @Test func anInvalidConfigurationStopsTheStartWithOneLine() async throws {
        let folder = URL(fileURLWithPath: "/tmp/examprep-run-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServerProcess(folder: folder, environment: ["ENV": "production"])
        #expect(try await server.waitForExit() == 78)
        #expect(
            server.output.trimmingCharacters(in: .newlines)
                == "examprep-server: ENV=production needs JWT_SECRET (or JWT_SECRET_FILE) of at least 32 bytes")
        #expect(!FileManager.default.fileExists(atPath: folder.appending(path: ".data/postgres").path))
    }
}
