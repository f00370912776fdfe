import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Runs the built `examprep-server` binary as an operator would: from a folder that is not
/// the repository, with nothing configured, then stops it with SIGTERM.
@Suite("The examprep-server process", .timeLimit(.minutes(3)))
struct ServerProcessTests {
    final class ServerProcess {
        let process = Process()
        let log: URL

        init(folder: URL, environment: [String: String]) throws {
            log = folder.appending(path: "server-\(UUID().uuidString.prefix(6)).log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            process.executableURL = try CLITests.binary().deletingLastPathComponent().appending(path: "examprep-server")
            process.currentDirectoryURL = folder
            process.environment = environment.merging(["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "PORT": "0"]) { $1 }
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
        }

        var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        /// The port from the "listening on" line, once the server is up.
        func waitForPort(timeout: Duration = .seconds(60)) async throws -> Int {
            let deadline = ContinuousClock.now + timeout
            while ContinuousClock.now < deadline {
                if let line = output.split(separator: "\n").first(where: { $0.contains("listening on") }),
                    let port = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
                {
                    return port
                }
                guard process.isRunning else { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            throw NotStarted(output: output)
        }

        /// Sends SIGTERM and returns the exit status.
        func terminate() async throws -> Int32 {
            process.terminate()
            return try await waitForExit()
        }

        /// The exit status, or -1 if it is still running after `timeout`.
        func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
            let deadline = ContinuousClock.now + timeout
            while process.isRunning, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(100))
            }
            return process.isRunning ? -1 : process.terminationStatus
        }
    }

    struct NotStarted: Error, CustomStringConvertible {
        var output: String
        var description: String { "the server did not start:\n\(output)" }
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
