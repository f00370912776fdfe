import ExamPrepTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A real SMTP server for the mail tests: aiosmtpd (PyPI, in the environment `scripts/smtp-sink`
/// makes) on a loopback port, keeping every message it is given in a maildir.
struct SMTPSink: Sendable {
    let port: Int
    let maildir: URL
    /// The child process; only `stop()` touches it, once.
    private let process: ProcessBox

    /// Foundation's `Process` is not `Sendable`; the box is handed between tasks but only
    /// `stop()` uses it.
    private final class ProcessBox: @unchecked Sendable {
        let process: Process
        init(_ process: Process) { self.process = process }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    private static let python = Mutex<String?>(nil)

    /// The Python that runs aiosmtpd (made once per test run by `scripts/smtp-sink`, whose
    /// output goes to a file: nothing here blocks a thread while it runs).
    static func pythonPath() async throws -> String {
        if let known = python.withLock({ $0 }) { return known }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-sink-python-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = repository.appendingPathComponent("scripts/smtp-sink")
        process.standardOutput = try FileHandle(forWritingTo: output)
        try ProcessLaunch.run(process)
        try await eventually("scripts/smtp-sink to finish", within: .seconds(180), every: .milliseconds(50)) { !process.isRunning }
        let path = try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !path.isEmpty else { throw SinkFailure("scripts/smtp-sink failed") }
        python.withLock { $0 = path }
        return path
    }

    /// Starts aiosmtpd on `port` (a free one when nil) and waits until it accepts connections.
    static func start(port: Int? = nil) async throws -> SMTPSink {
        let port = try port ?? freePort()
        let maildir = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-sink-\(UUID().uuidString)")
        for folder in ["tmp", "new", "cur"] {  // a maildir: aiosmtpd writes into tmp/, then moves to new/
            try FileManager.default.createDirectory(at: maildir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try await pythonPath())
        process.arguments = ["-m", "aiosmtpd", "-n", "-l", "127.0.0.1:\(port)", "-c", "aiosmtpd.handlers.Mailbox", maildir.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try ProcessLaunch.run(process)
        let sink = SMTPSink(port: port, maildir: maildir, process: ProcessBox(process))
        try await eventually("aiosmtpd to listen on \(port)") { canConnect(port: port) }
        return sink
    }

    /// Kills aiosmtpd (it may ignore SIGTERM while a connection is open) and waits for it
    /// without blocking a thread of the cooperative pool.
    func stop() async {
        kill(process.process.processIdentifier, SIGKILL)
        try? await eventually("aiosmtpd to exit", within: .seconds(30)) { !process.process.isRunning }
        try? FileManager.default.removeItem(at: maildir)
    }

    /// Runs `body` with a sink started on `port` (a free one when nil), stopped afterwards.
    static func with<T: Sendable>(port: Int? = nil, _ body: (SMTPSink) async throws -> T) async throws -> T {
        let sink = try await start(port: port)
        do {
            let result = try await body(sink)
            await sink.stop()
            return result
        } catch {
            await sink.stop()
            throw error
        }
    }

    /// Every message received so far, as text.
    func messages() -> [String] {
        ["new", "cur"].flatMap { folder -> [String] in
            let directory = maildir.appendingPathComponent(folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.sorted().compactMap { name in
                (try? Data(contentsOf: directory.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }

    /// The first `http…` link in `message` whose path holds `/reset/` or `/invitations/`.
    static func link(in message: String) -> String? {
        message.split(whereSeparator: \.isWhitespace).map(String.init).first {
            $0.hasPrefix("http") && ($0.contains("/reset/") || $0.contains("/invitations/"))
        }
    }

    /// A loopback port nobody listens on right now.
    static func freePort() throws -> Int {
        guard let port = LoopbackPort.free() else { throw SinkFailure("no free loopback port") }
        return port
    }

    static func canConnect(port: Int) -> Bool { LoopbackPort.accepts(port) }

    struct SinkFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}
