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

    /// Runs `clear` when the session ends (sign-out or expiry), unless somebody has signed in
    /// since: the store, not the event, says who is signed in now.
    static func onSessionEnd(_ session: SessionManager, _ clear: @escaping @MainActor @Sendable () -> Void) -> EventSubscription {
        EventSubscription(session) { event in
            if event == .signedOut || event == .sessionExpired, session.currentSession == nil { clear() }
        }
    }

    deinit {
        session.stopObserving(id)
    }
}
