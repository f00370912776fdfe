import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A TCP proxy in front of a server, whose connections a test can cut the way a network does:
/// every open one at once (`cut`), or each one right after its request got through, so that
/// the server acts on it and the client never hears back (`loseAnswers`). Bytes pass as
/// they are; it knows nothing of HTTP.
final class CuttableProxy: Sendable {
    enum Mode: Sendable {
        /// Bytes pass both ways.
        case pass
        /// New connections are closed at once; open ones were closed by `cut()`.
        case refuse
        /// Requests reach the server; its answers are dropped and the connection closed.
        case loseAnswers
    }

    let port: Int
    private let target: Int
    private let mode = Mutex(Mode.pass)
    private let open = Mutex<[ObjectIdentifier: any Channel]>([:])
    private let listener: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>
    private let accepting = Mutex<Task<Void, Never>?>(nil)

    private init(target: Int, listener: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>) throws {
        self.target = target
        self.listener = listener
        guard let port = listener.channel.localAddress?.port else { throw ProxyFailure("the proxy has no port") }
        self.port = port
    }

    /// A proxy on a free port of 127.0.0.1 to `127.0.0.1:target`.
    static func start(to target: Int) async throws -> CuttableProxy {
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .bind(host: "127.0.0.1", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let proxy = try CuttableProxy(target: target, listener: listener)
        let task = Task<Void, Never> {
            try? await listener.executeThenClose { inbound in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in inbound {
                        group.addTask { await proxy.relay(connection) }
                    }
                }
            }
        }
        proxy.accepting.withLock { $0 = task }
        return proxy
    }

    /// Closes every open connection and refuses new ones until `restore()`.
    func cut() {
        mode.withLock { $0 = .refuse }
        closeAll()
    }

    /// Lets requests through but drops every answer (closing its connection) until `restore()`.
    func loseAnswers() {
        mode.withLock { $0 = .loseAnswers }
        closeAll()
    }

    func restore() {
        mode.withLock { $0 = .pass }
    }

    func stop() async {
        cut()
        try? await listener.channel.close()
        accepting.withLock { $0 }?.cancel()
    }

    private func closeAll() {
        let channels = open.withLock { channels in
            defer { channels = [:] }
            return Array(channels.values)
        }
        for channel in channels { channel.close(promise: nil) }
    }

    private func relay(_ client: NIOAsyncChannel<ByteBuffer, ByteBuffer>) async {
        guard mode.withLock({ $0 }) != .refuse else {
            try? await client.channel.close()
            return
        }
        let key = ObjectIdentifier(client.channel)
        open.withLock { $0[key] = client.channel }
        defer { _ = open.withLock { $0.removeValue(forKey: key) } }
        do {
            let upstream = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: target) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
            let upstreamKey = ObjectIdentifier(upstream.channel)
            open.withLock { $0[upstreamKey] = upstream.channel }
            defer { _ = open.withLock { $0.removeValue(forKey: upstreamKey) } }
            try await client.executeThenClose { fromClient, toClient in
                try await upstream.executeThenClose { fromServer, toServer in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for try await bytes in fromClient { try await toServer.write(bytes) }
                        }
                        group.addTask {
                            for try await bytes in fromServer {
                                if self.mode.withLock({ $0 }) == .loseAnswers { return }
                                try await toClient.write(bytes)
                            }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
            }
        } catch {
            try? await client.channel.close()
        }
    }
}

struct ProxyFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
