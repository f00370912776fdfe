import Logging
import ServiceLifecycle

/// Receives PostgreSQL notifications (`LISTEN channel`) on a connection of its own, as a
/// service, on the same nonblocking path as every other connection: the pool's socket
/// watcher resumes it when something arrives, and no thread waits. A notification is handed
/// to `onNotification` within milliseconds of its commit.
///
/// A connection can break without a word (a half-open TCP connection): when nothing arrived
/// for `pingInterval`, the listener sends `SELECT 1` under the statement deadline, so a lost
/// connection is noticed within about `pingInterval` plus that deadline, besides the TCP
/// keepalives every connection has.
///
/// `onListening(true)` is called once the LISTEN is in place; `onListening(false)` whenever
/// the connection is lost, after which the listener connects again with a growing pause.
/// A consumer that caches what notifications invalidate must drop its cache while not
/// listening: notifications sent meanwhile are lost.
public final class PostgresListener: Service, Sendable {
    /// The listening connection's `application_name` (visible in `pg_stat_activity`).
    public static let applicationName = "examprep-listener"

    public let channel: String
    private let pool: PostgresPool
    private let logger: Logger
    private let pingInterval: Duration
    private let onNotification: @Sendable (String) -> Void
    private let onListening: @Sendable (Bool) -> Void

    /// - Parameter channel: a plain lower-case identifier (it is spliced into `LISTEN`);
    ///   anything else is refused when the listener runs.
    public init(
        channel: String, pool: PostgresPool, logger: Logger, pingInterval: Duration = .seconds(10),
        onListening: @escaping @Sendable (Bool) -> Void, onNotification: @escaping @Sendable (String) -> Void
    ) {
        self.channel = channel
        self.pool = pool
        self.logger = logger
        self.pingInterval = pingInterval
        self.onListening = onListening
        self.onNotification = onNotification
    }

    /// Whether `channel` is a plain identifier that may be spliced into `LISTEN`.
    static func isPlainChannel(_ channel: String) -> Bool {
        !channel.isEmpty && channel.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    }

    public func run() async throws {
        guard Self.isPlainChannel(channel) else {
            throw PostgresError(kind: .invalidConfiguration, message: "'\(channel)' is not a plain channel name")
        }
        try? await cancelWhenGracefulShutdown { [self] in
            var pause = Duration.milliseconds(250)
            while !Task.isCancelled {
                if await listenUntilLost() { pause = .milliseconds(250) }
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(5))
            }
        }
    }

    /// Connects, listens and hands notifications on until the connection is lost (or the
    /// task is cancelled). Returns whether it got as far as listening.
    private func listenUntilLost() async -> Bool {
        let connection: PostgresConnection
        do {
            connection = try await pool.openDedicatedConnection(applicationName: Self.applicationName)
        } catch {
            if !Task.isCancelled {
                logger.warning(
                    "cannot connect to listen for notifications; trying again", metadata: ["channel": "\(channel)", "error": "\(error)"])
            }
            return false
        }
        var listened = false
        do {
            try await connection.executeScript("LISTEN \(channel)", logger: logger)
            listened = true
            onListening(true)
            logger.debug("listening for notifications", metadata: ["channel": "\(channel)"])
            while true {
                let payloads = try await connection.notifications(within: pingInterval)
                if payloads.isEmpty {
                    try await connection.execute("SELECT 1", logger: logger)
                }
                for payload in payloads { onNotification(payload) }
            }
        } catch {
            if listened { onListening(false) }
            if !Task.isCancelled {
                logger.warning(
                    "lost the connection that listens for notifications; reconnecting",
                    metadata: ["channel": "\(channel)", "error": "\(error)"])
            }
        }
        await connection.close()
        return listened
    }
}
