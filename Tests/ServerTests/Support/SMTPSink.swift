import ExamPrepTestSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A real SMTP server for the mail tests: aiosmtpd (PyPI, in the environment `scripts/smtp-sink`
/// makes) on a port of an IPv4 address of this machine (loopback unless a test says otherwise),
/// keeping every message it is given in a maildir. It offers no STARTTLS.
struct SMTPSink: Sendable {
    let address: String
    let port: Int
    let maildir: URL
    /// The child process; only `stop()` touches it, once.
    private let process: TestProcess

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
        let process = try TestProcess.launch(
            repository.appendingPathComponent("scripts/smtp-sink"), output: .file(try FileHandle(forWritingTo: output)))
        try await eventually("scripts/smtp-sink to finish", within: .seconds(180), every: .milliseconds(50)) { !process.isRunning }
        let path = try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !path.isEmpty else { throw SinkFailure("scripts/smtp-sink failed") }
        python.withLock { $0 = path }
        return path
    }

    /// Starts aiosmtpd on `address` and `port` (a free one when nil) and waits until it accepts
    /// connections.
    static func start(address: String = "127.0.0.1", port: Int? = nil) async throws -> SMTPSink {
        let port = try port ?? freePort(address: address)
        let maildir = FileManager.default.temporaryDirectory.appendingPathComponent("smtp-sink-\(UUID().uuidString)")
        for folder in ["tmp", "new", "cur"] {  // a maildir: aiosmtpd writes into tmp/, then moves to new/
            try FileManager.default.createDirectory(at: maildir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let process = try TestProcess.launch(
            URL(fileURLWithPath: try await pythonPath()),
            arguments: ["-m", "aiosmtpd", "-n", "-l", "\(address):\(port)", "-c", "aiosmtpd.handlers.Mailbox", maildir.path],
            output: .null, error: .null)
        let sink = SMTPSink(address: address, port: port, maildir: maildir, process: process)
        try await eventually("aiosmtpd to listen on \(address):\(port)") { canConnect(address: address, port: port) }
        return sink
    }

    /// Kills aiosmtpd (it may ignore SIGTERM while a connection is open) and waits for it
    /// without blocking a thread of the cooperative pool.
    func stop() async {
        kill(process.processIdentifier, SIGKILL)
        try? await eventually("aiosmtpd to exit", within: .seconds(30)) { !process.isRunning }
        try? FileManager.default.removeItem(at: maildir)
    }

    /// Runs `body` with a sink started on `address` and `port` (a free one when nil), stopped
    /// afterwards.
    static func with<T: Sendable>(address: String = "127.0.0.1", port: Int? = nil, _ body: (SMTPSink) async throws -> T) async throws
        -> T
    {
        let sink = try await start(address: address, port: port)
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

    /// A port of `address` (loopback by default) nobody listens on right now.
    static func freePort(address: String = "127.0.0.1") throws -> Int {
        guard let port = LoopbackPort.free(on: address) else { throw SinkFailure("no free port on \(address)") }
        return port
    }

    static func canConnect(address: String = "127.0.0.1", port: Int) -> Bool { LoopbackPort.accepts(port, on: address) }

    /// An IPv4 address of this machine off loopback (its network interface's), or nil.
    static func offLoopbackAddress() -> String? {
        var interfaces: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&interfaces) == 0, let first = interfaces else { return nil }
        defer { freeifaddrs(interfaces) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let raw = entry.pointee.ifa_addr, raw.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var address = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard UInt32(bigEndian: address.s_addr) >> 24 != 127 else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            guard inet_ntop(AF_INET, &address, &text, socklen_t(INET_ADDRSTRLEN)) != nil else { continue }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    struct SinkFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// A loopback port that is listened on and never answered (connections wait in the kernel's
/// line, never accepted): an SMTP server that never says a word. `close()` refuses whoever waits.
final class SilentListener: Sendable {
    let port: Int
    private let fd: Int32
    private let open = Mutex(true)

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw SMTPSink.SinkFailure("socket() failed") }
        var address = LoopbackPort.ipv4("127.0.0.1", port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 && listen(fd, 64) == 0
            }
        }
        guard listening else {
            Glibc.close(fd)
            throw SMTPSink.SinkFailure("bind() or listen() failed")
        }
        self.fd = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Closes the port (once: a second call does nothing).
    func close() {
        if open.withLock({ open in
            defer { open = false }
            return open
        }) {
            Glibc.close(fd)
        }
    }
}
