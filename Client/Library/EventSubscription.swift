import Foundation

/// Delivers a ``SessionManager``'s events to a handler on the main actor for as long as
/// this object lives (the services hold one each, with a weak reference to themselves).
/// The handler runs before the session call that caused the event returns: a service whose
/// call just failed with `sessionExpired` already reads as signed out.
final class EventSubscription: Sendable {
    private let session: SessionManager
    private let id: UUID

    init(_ session: SessionManager, _ handler: @escaping @MainActor @Sendable (AuthEvent) -> Void) {
        self.session = session
        id = session.observe(handler)
    }

    deinit {
        session.stopObserving(id)
    }
}
