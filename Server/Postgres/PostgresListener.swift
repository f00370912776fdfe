import CLibPQ
import Foundation
import Logging
import ServiceLifecycle
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Receives PostgreSQL notifications (`LISTEN channel`) on a connection of its own, as a
/// service. A thread of its own waits on the connection's socket (libpq's calls block), so
/// a notification is handed to `onNotification` within milliseconds of its commit.
///
/// `onListening(true)` is called once the LISTEN is in place; `onListening(false)` whenever
/// the connection is lost, after which the listener connects again with a growing pause.
/// A consumer that caches what notifications invalidate must drop its cache while not
/// listening: notifications sent meanwhile are lost.
public final class PostgresListener: Service, Sendable {
    public let channel: String
    private let configuration: PostgresConfiguration
    private let logger: Logger
    private let onNotification: @Sendable (String) -> Void
    private let onListening: @Sendable (Bool) -> Void
    private let stopping = Atomic<Bool>(false)

    /// - Parameter channel: a plain lower-case identifier (it is spliced into `LISTEN`).
    public init(
        channel: String, configuration: PostgresConfiguration, logger: Logger,
        onListening: @escaping @Sendable (Bool) -> Void, onNotification: @escaping @Sendable (String) -> Void
    ) {
        precondition(channel.allSatisfy { $0.isLetter && $0.isLowercase || $0 == "_" }, "a plain channel name")
        self.channel = channel
        self.configuration = configuration
        self.logger = logger
        self.onListening = onListening
        self.onNotification = onNotification
    }

    public func run() async throws {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            listen()
            finished.signal()
        }
        thread.name = "examprep-listen-\(channel)"
        thread.start()
        try? await gracefulShutdown()
        stopping.store(true, ordering: .relaxed)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                finished.wait()
                continuation.resume()
            }
        }
    }

    /// The listener's thread: connect, LISTEN, wait for notifications; again after a loss.
    private func listen() {
        var pause = 0.25
        while !stopping.load(ordering: .relaxed) {
            if let connection = connect() {
                pause = 0.25
                onListening(true)
                receive(on: connection)
                onListening(false)
                PQfinish(connection)
            }
            // Sleep in small steps, so that a stop is not kept waiting.
            var slept = 0.0
            while slept < pause, !stopping.load(ordering: .relaxed) {
                usleep(50_000)
                slept += 0.05
            }
            pause = min(pause * 2, 5)
        }
    }

    private func connect() -> OpaquePointer? {
        let pairs = configuration.connectionKeywords
        let keys = pairs.map { strdup($0.key) }
        let values = pairs.map { strdup($0.value) }
        defer {
            keys.forEach { free($0) }
            values.forEach { free($0) }
        }
        let keyPointers = keys.map { UnsafePointer($0) } + [nil]
        let valuePointers = values.map { UnsafePointer($0) } + [nil]
        guard let connection = PQconnectdbParams(keyPointers, valuePointers, configuration.expandsDatabaseName ? 1 : 0) else { return nil }
        guard PQstatus(connection) == CONNECTION_OK else {
            logger.warning(
                "cannot connect to listen for notifications; trying again",
                metadata: ["channel": "\(channel)", "error": "\(LibPQResult.errorMessage(connection) ?? "unknown")"])
            PQfinish(connection)
            return nil
        }
        do {
            _ = try LibPQResult.outcome(of: PQexec(connection, "LISTEN \(channel)"), connection: connection)
        } catch {
            logger.warning("LISTEN failed; trying again", metadata: ["channel": "\(channel)", "error": "\(error)"])
            PQfinish(connection)
            return nil
        }
        logger.debug("listening for notifications", metadata: ["channel": "\(channel)"])
        return connection
    }

    /// Waits on the socket (in steps of a quarter second, to notice a stop) and hands every
    /// notification on, until the connection breaks or the listener stops.
    private func receive(on connection: OpaquePointer) {
        let socket = PQsocket(connection)
        while !stopping.load(ordering: .relaxed) {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 250)
            if ready < 0, errno != EINTR { break }
            if ready <= 0 { continue }
            guard PQconsumeInput(connection) != 0 else {
                logger.warning(
                    "lost the connection that listens for notifications; reconnecting",
                    metadata: ["channel": "\(channel)", "error": "\(LibPQResult.errorMessage(connection) ?? "unknown")"])
                return
            }
            while let notification = PQnotifies(connection) {
                let payload = notification.pointee.extra.map { String(cString: $0) } ?? ""
                PQfreemem(notification)
                onNotification(payload)
            }
            if PQstatus(connection) != CONNECTION_OK { return }
        }
    }
}
