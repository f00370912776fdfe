import HummingbirdCore
import Logging
import NIOCore

/// HTTP/1.1 as Hummingbird serves it, but a connection's requests run in a task of their own
/// that `ClientConnections` cancels when the client goes away: the request in flight stops
/// (a password still waiting for a hashing thread is never hashed, a running statement is
/// cancelled on the server). One task per connection, not per request: a keep-alive
/// connection's requests cost no task of their own.
struct CancelOnDisconnectChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let clients: ClientConnections

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger)
    }

    func handle(value: Value, logger: Logger) async {
        let connection = ObjectIdentifier(value.channel)
        let work = Task { await base.handle(value: value, logger: logger) }
        clients.track(connection) { work.cancel() }
        await withTaskCancellationHandler {
            await work.value
        } onCancel: {
            work.cancel()
        }
        clients.untrack(connection)
    }
}
