import HTTPTypes
import Logging
import NIOCore
import NIOHTTPTypes
import Synchronization

/// Keeps slow or idle clients from holding the server: a channel handler on every
/// connection that closes it when
///
/// - a request's head (request line and headers) takes longer than `header` from its first
///   byte (408, then close: a client trickling headers),
/// - a request's body takes longer than `body` from the end of its head (close),
///
/// and that refuses connections beyond `maxConnections` (closed at once: the server does not
/// grow to serve them). When a connection ends, the work of its requests is cancelled
/// (`ClientConnections`). Handlers and their timers run on the connection's event loop.
///
/// A connection on which no request arrives for `idle` is closed by Hummingbird's own idle
/// timeout (`idleTimeout`, NIO's `IdleStateHandler`), not by a timer of this guard: the guard
/// once re-armed its own idle timer after every answer, which cost 5–10 % more server CPU per
/// request on `GET /health` (55.6 against 53.0 µs, 28,505 against 29,801 requests/s;
/// `benchmarks/alternatives`, median of 5 rounds of 10 s, 2026-11-24; two earlier runs
/// showed the same, by 10–13 %).
struct ConnectionLimits: Sendable {
    var idle: TimeAmount = .seconds(60)
    var header: TimeAmount = .seconds(10)
    var body: TimeAmount = .seconds(30)
    var maxConnections = 4096
}

/// The number of open connections, shared by every connection's handler.
final class ConnectionCount: Sendable {
    private let count = Atomic<Int>(0)
    /// When a refusal was last logged (uptime nanoseconds), so a flood logs one line per 10 s.
    private let lastWarning = Atomic<UInt64>(0)

    /// Counts a new connection; false when that makes more than `limit`.
    func open(limit: Int) -> Bool {
        count.wrappingAdd(1, ordering: .relaxed).newValue <= limit
    }

    func close() {
        count.wrappingSubtract(1, ordering: .relaxed)
    }

    var current: Int { count.load(ordering: .relaxed) }

    /// Whether a refusal should be logged now (at most one line every 10 seconds).
    func shouldWarn() -> Bool {
        let now = NIODeadline.now().uptimeNanoseconds
        let last = lastWarning.load(ordering: .relaxed)
        guard now &- last > 10_000_000_000 || last == 0 else { return false }
        return lastWarning.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
    }
}

final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private enum State {
        /// Between requests: waiting for the first byte of the next one.
        case idle
        /// Bytes of a request arrived; its head is not complete yet.
        case readingHead
        case readingBody
        /// The request has arrived; the server is answering it.
        case answering
    }

    private let limits: ConnectionLimits
    private let connections: ConnectionCount
    private let clients: ClientConnections
    private let logger: Logger
    private var state = State.idle
    private var timer: Scheduled<Void>?
    private var counted = false

    init(limits: ConnectionLimits, connections: ConnectionCount, clients: ClientConnections, logger: Logger) {
        self.limits = limits
        self.connections = connections
        self.clients = clients
        self.logger = logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        guard connections.open(limit: limits.maxConnections) else {
            connections.close()
            if connections.shouldWarn() {
                logger.warning("refusing connections: the server has its maximum open", metadata: ["max": "\(limits.maxConnections)"])
            }
            context.close(promise: nil)
            return
        }
        counted = true
        // Sees raw bytes before the HTTP decoder, to know when a request's head begins.
        try? context.pipeline.syncOperations.addHandler(FirstByteWatcher(owner: self), position: .first)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        if counted {
            connections.close()
            counted = false
        }
    }

    /// The client closed its side: it has gone (HTTP clients do not half-close and wait).
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            clients.closed(ObjectIdentifier(context.channel))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        clients.closed(ObjectIdentifier(context.channel))
        timer?.cancel()
        if counted {
            connections.close()
            counted = false
        }
        context.fireChannelInactive()
    }

    /// Called by `FirstByteWatcher` for every read of raw bytes.
    fileprivate func bytesArrived(context: ChannelHandlerContext) {
        guard state == .idle else { return }
        state = .readingHead
        schedule(limits.header, context: context, respondWith408: true)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            state = .readingBody
            schedule(limits.body, context: context, respondWith408: false)
        case .body:
            break
        case .end:
            state = .answering
            timer?.cancel()
            timer = nil
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data), state == .answering {
            state = .idle
        }
        context.write(data, promise: promise)
    }

    private func schedule(_ delay: TimeAmount, context: ChannelHandlerContext, respondWith408: Bool) {
        timer?.cancel()
        let scheduledState = state
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: delay) { [self] in
            guard state == scheduledState else { return }
            if respondWith408 {
                let head = HTTPResponse(status: .requestTimeout, headerFields: [.connection: "close", .contentLength: "0"])
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            }
            context.close(promise: nil)
        }
    }
}

/// The first handler of a connection's pipeline: tells the guard that bytes arrived.
private final class FirstByteWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let owner: ConnectionGuard
    private var guardContext: ChannelHandlerContext?

    init(owner: ConnectionGuard) {
        self.owner = owner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if guardContext == nil {
            guardContext = try? context.pipeline.syncOperations.context(handler: owner)
        }
        if let guardContext { owner.bytesArrived(context: guardContext) }
        context.fireChannelRead(data)
    }
}
