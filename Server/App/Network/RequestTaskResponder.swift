import Hummingbird

/// Answers each request in a task of its own instead of the connection's.
///
/// Swift keeps the memory a task used for its async frames until the task ends. Answering in
/// the connection's task, the deepest request a connection ever served (the middlewares, the
/// JSON coders, the database calls) stayed with it while it waited for the next one: about
/// 29 kB per idle keep-alive connection, 145 MB for the 5,000 students of an exam hour. In a
/// task that ends with the request it is given back at once, for the price of one task per
/// request. The task starts in place (`Task.immediate`): it runs on the connection's thread
/// until it first waits, so a request that never waits costs what it did in the connection's
/// task, and one that does pays one more hand-over between threads when it ends
/// (benchmarks/README.md, "A task per request, started in place"). The request's
/// cancellation (its client went away, see `CancelOnDisconnectChannel`) reaches the task.
///
/// The build flags `EXAMPREP_RESPONDER_INLINE` (answer in the connection's task) and
/// `EXAMPREP_RESPONDER_ENQUEUED` (a task started on the global executor) are for
/// `benchmarks/alternatives` only.
struct RequestTaskResponder<Base: HTTPResponder>: HTTPResponder where Base.Context: Sendable {
    typealias Context = Base.Context

    let base: Base

    @Sendable func respond(to request: Request, context: Context) async throws -> Response {
        #if EXAMPREP_RESPONDER_INLINE
            return try await base.respond(to: request, context: context)
        #else
            #if EXAMPREP_RESPONDER_ENQUEUED
                let work = Task { try await base.respond(to: request, context: context) }
            #else
                let work = Task.immediate { try await base.respond(to: request, context: context) }
            #endif
            return try await withTaskCancellationHandler {
                try await work.value
            } onCancel: {
                work.cancel()
            }
        #endif
    }
}
