import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization
import UnixSignals

/// What a replica says about itself to a load balancer: while it drains (after SIGTERM,
/// before it stops taking requests), `GET /ready` answers 503 so the balancer takes it out,
/// and everything else is still served.
public final class ServerLifecycle: Sendable {
    private let draining = Atomic<Bool>(false)

    public init() {}

    public var isDraining: Bool { draining.load(ordering: .relaxed) }

    func startDraining() {
        draining.store(true, ordering: .relaxed)
    }
}

/// Runs the application until SIGTERM or SIGINT, then shuts it down without failing a
/// request: first it drains for `drain` (`/ready` 503 while everything is still served, so
/// a load balancer stops sending new requests), then the HTTP server stops accepting
/// connections and finishes the requests in flight, then the pool, the hashing threads and
/// the embedded PostgreSQL stop, in that order.
public func runServer(_ app: some ApplicationProtocol, lifecycle: ServerLifecycle, drain: Duration, logger: Logger) async throws {
    let group = ServiceGroup(
        configuration: .init(
            services: [
                .init(service: app),
                .init(
                    service: DrainOnSignal(lifecycle: lifecycle, drain: drain, logger: logger),
                    successTerminationBehavior: .gracefullyShutdownGroup),
            ],
            gracefulShutdownSignals: [],
            cancellationSignals: [],
            logger: logger))
    try await group.run()
}

/// Waits for SIGTERM or SIGINT, drains, then returns (which shuts the group down gracefully).
private struct DrainOnSignal: Service {
    let lifecycle: ServerLifecycle
    let drain: Duration
    let logger: Logger

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        // Ends without a signal when the group shuts down for another reason.
        let awaited = try? await cancelWhenGracefulShutdown { () async throws -> UnixSignal? in
            for await signal in signals { return Optional(signal) }
            return nil
        }
        guard let received = awaited ?? nil else { return }
        lifecycle.startDraining()
        logger.notice(
            "shutting down: /ready answers 503 while requests are still served, then in-flight requests finish",
            metadata: ["signal": "\(received)", "drain": "\(drain)"])
        if drain > .zero { try? await Task.sleep(for: drain) }
    }
}
