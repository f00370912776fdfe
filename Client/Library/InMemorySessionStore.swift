import Synchronization

/// A store that forgets on exit: for tests and previews.
public final class InMemorySessionStore: SessionStore {
    private let session: Mutex<AuthSession?>

    public init(_ session: AuthSession? = nil) {
        self.session = Mutex(session)
    }

    public func load() -> AuthSession? { session.withLock { $0 } }

    public func store(_ session: AuthSession) throws { self.session.withLock { $0 = session } }

    public func remove() throws { session.withLock { $0 = nil } }
}
