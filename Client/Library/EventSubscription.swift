/// Delivers a ``SessionManager``'s events to a handler on the main actor for as long as
/// this object lives (the services hold one each, with a weak reference to themselves).
final class EventSubscription: Sendable {
    private let task: Task<Void, Never>

    @MainActor
    init(_ session: SessionManager, _ handler: @escaping @MainActor (AuthEvent) -> Void) {
        let events = session.events()
        task = Task { @MainActor in
            for await event in events {
                handler(event)
            }
        }
    }

    deinit {
        task.cancel()
    }
}
