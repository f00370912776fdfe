import ExamPrepShared
import Foundation

/// Owns the session: attaches the bearer token to protected requests at send time, renews
/// the access token shortly before it expires or after a `token_expired` answer — one
/// refresh at a time however many callers need it — and signs out.
///
/// The ``SessionStore`` is the source of truth: the session is read from it for every
/// protected request, so a session stored after start-up is used by the next request.
public actor SessionManager {
    public nonisolated let api: APIClient
    public nonisolated let store: any SessionStore
    /// Renew the access token when it expires within this many seconds.
    public nonisolated let refreshLeeway: TimeInterval

    private let now: @Sendable () -> Date
    private let broadcaster = AuthEventBroadcaster()
    /// Bumped by every sign-in and sign-out: a refresh started under an older generation
    /// must not write its result.
    private var generation = 0
    private var refreshTask: Task<AuthSession, any Error>?

    public init(
        api: APIClient, store: any SessionStore, refreshLeeway: TimeInterval = 30,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.api = api
        self.store = store
        self.refreshLeeway = refreshLeeway
        self.now = now
    }

    /// A new stream of session events for one subscriber; it ends when the subscriber stops
    /// iterating.
    public nonisolated func events() -> AsyncStream<AuthEvent> { broadcaster.subscribe() }

    /// Runs `observer` on the main actor for every event, before the call that caused it
    /// returns; the services keep their state this way. Ends with ``stopObserving(_:)``.
    nonisolated func observe(_ observer: @escaping @MainActor @Sendable (AuthEvent) -> Void) -> UUID {
        broadcaster.observe(observer)
    }

    nonisolated func stopObserving(_ id: UUID) { broadcaster.stopObserving(id) }

    /// The stored session, if it was issued by this client's server.
    public nonisolated var currentSession: AuthSession? {
        store.load().flatMap { $0.server == api.origin ? $0 : nil }
    }

    /// Throws `sessionOfAnotherServer` when the stored session was issued by another server
    /// (signing in or out here would then be a mistake worth telling).
    public nonisolated func checkSessionIsThisServers() throws {
        if let session = store.load(), session.server != api.origin { throw APIError.sessionOfAnotherServer(session.server) }
    }

    /// The stored session, nil when there is none; one issued by another server throws, and
    /// nothing is sent: its tokens would reach a server that did not issue them.
    private func storedSession() throws -> AuthSession? {
        guard let session = store.load() else { return nil }
        guard session.server == api.origin else { throw APIError.sessionOfAnotherServer(session.server) }
        return session
    }

    // MARK: - Sending

    /// Sends `request`; a protected one carries the current access token, renewed first if
    /// it is about to expire, and is retried once after a refresh if the server answers 401.
    public func send<Response>(_ request: APIRequest<Response>) async throws -> Response {
        let broadcaster = broadcaster
        return try await authorized(request.requiresAuthentication) {
            try await api.send(request, bearer: $0) { await broadcaster.emit(.waitingInLine(seconds: $0)) }
        }
    }

    /// Sends `request` as ``send(_:)`` does; the answer comes with its headers (a cookie).
    func sendKeepingHeaders<Response>(_ request: APIRequest<Response>) async throws -> (value: Response, response: HTTPResponse) {
        try await authorized(request.requiresAuthentication) { try await api.exchange(request, bearer: $0) }
    }

    /// Every item of a list route: follows the server's `Link: rel="next"` page by page.
    public func sendAll<Element>(_ request: APIRequest<[Element]>) async throws -> [Element] {
        var items: [Element] = []
        var next: APIRequest<[Element]>? = request
        while let page = next {
            let (pageItems, following) = try await authorized(page.requiresAuthentication) { try await api.sendPage(page, bearer: $0) }
            items += pageItems
            next = following
        }
        return items
    }

    /// Runs `call` with the bearer token a protected call needs (nil for a public one). After
    /// a 401 it renews the token once and retries: `token_expired` is renewed as a matter of
    /// course; any other 401 (the session was ended elsewhere: a password change, a sign-out
    /// from another device) fails to renew, which clears the session and says `sessionExpired`.
    private func authorized<T: Sendable>(_ requiresAuthentication: Bool, _ call: (String?) async throws -> T) async throws -> T {
        guard requiresAuthentication else { return try await call(nil) }
        let token = try await validAccessToken()
        do {
            return try await call(token)
        } catch APIError.server(status: 401, code: _, message: _, reason: _) {
            return try await call(try await accessToken(replacing: token))
        }
    }

    /// An access token that is not about to expire.
    public func validAccessToken() async throws -> String {
        guard let session = try storedSession() else { throw APIError.notSignedIn }
        guard session.accessTokenExpires(within: refreshLeeway, of: now()) else { return session.accessToken }
        if session.refreshToken == nil {
            // No way to renew it: use it while it lasts.
            guard session.accessTokenExpires(within: 0, of: now()) else { return session.accessToken }
            await expire(generation: generation)
            throw APIError.sessionExpired
        }
        do {
            return try await refreshed(from: session).accessToken
        } catch APIError.transport(_) where !session.accessTokenExpires(within: 0, of: now()) {
            // Renewing early failed for want of a network; the token still works for now.
            return session.accessToken
        }
    }

    /// A token other than `rejected`: the one someone else already got, or a new one.
    private func accessToken(replacing rejected: String) async throws -> String {
        guard let session = try storedSession() else { throw APIError.notSignedIn }
        if session.accessToken != rejected { return session.accessToken }
        return try await refreshed(from: session).accessToken
    }

    // MARK: - Refreshing

    /// Renews the session now, joining a refresh already under way.
    @discardableResult
    public func refresh() async throws -> AuthSession {
        guard let session = try storedSession() else { throw APIError.notSignedIn }
        return try await refreshed(from: session)
    }

    private func refreshed(from session: AuthSession) async throws -> AuthSession {
        if let refreshTask { return try await refreshTask.value }
        guard let refreshToken = session.refreshToken else {
            await expire(generation: generation)
            throw APIError.sessionExpired
        }
        let started = generation
        let task = Task { try await self.performRefresh(refreshToken, previous: session, generation: started) }
        refreshTask = task
        return try await task.value
    }

    private func performRefresh(_ refreshToken: String, previous: AuthSession, generation started: Int) async throws -> AuthSession {
        defer { if generation == started { refreshTask = nil } }
        // A store other processes share is locked for the refresh, and read again once
        // locked: another process may have spent this refresh token meanwhile.
        let lock = try await (store as? any SharedSessionStore)?.lockAcrossProcesses()
        defer { lock?.release() }
        if lock != nil, let stored = store.load(), stored.refreshToken != refreshToken, stored.userId == previous.userId,
            stored.server == previous.server
        {
            guard generation == started else { throw APIError.notSignedIn }
            return stored
        }
        let response: LoginResponse
        do {
            response = try await api.send(.refresh(RefreshTokenRequest(refreshToken: refreshToken)))
        } catch let error as APIError {
            if case .server(let status, _, _, _) = error, [400, 401, 403].contains(status) {
                await expire(generation: started)
                throw APIError.sessionExpired
            }
            throw error
        }
        // Signed out (or in as someone else) while the refresh was in flight: drop the result.
        guard generation == started else { throw APIError.notSignedIn }
        let session = AuthSession(response, previous: previous)
        try store.store(session)
        await broadcaster.emit(.tokenRefreshed)
        return session
    }

    /// Clears the session the server will no longer renew, unless it was already replaced.
    private func expire(generation expired: Int) async {
        guard generation == expired else { return }
        endGeneration()
        try? store.remove()
        await broadcaster.emit(.sessionExpired)
    }

    private func endGeneration() {
        generation += 1
        refreshTask = nil
    }

    // MARK: - Signing in and out

    /// Stores the session a login started and announces it.
    @discardableResult
    public func signIn(with response: LoginResponse, email: String?) async throws -> AuthSession {
        let session = AuthSession(response, email: email, server: api.origin)
        endGeneration()
        try store.store(session)
        await broadcaster.emit(.signedIn)
        return session
    }

    /// Forgets the session here without telling the server (it has ended there already, as
    /// when the account was deleted).
    public func discardSession() async {
        endGeneration()
        try? store.remove()
        await broadcaster.emit(.signedOut)
    }

    /// Ends the session on the server (this device, or with `.all` every device) and
    /// clears it here at once. The local session is cleared even when the server cannot be
    /// reached; that failure is then thrown. A refresh still in flight is disowned: its
    /// result will not be stored.
    public func signOut(scope: LogoutScope = .current) async throws {
        // A session of another server is neither sent here nor cleared.
        let session = try storedSession()
        endGeneration()
        let removal = Result { try store.remove() }
        await broadcaster.emit(.signedOut)
        if let session {
            try await endOnServer(session, scope: scope)
        }
        try removal.get()
    }

    /// `POST /api/logout`. An expired bearer would be refused and leave the session alive
    /// on the server, so on `token_expired` the captured refresh token buys one more access
    /// token (never stored) for the logout itself.
    private nonisolated func endOnServer(_ session: AuthSession, scope: LogoutScope) async throws {
        func logout(_ token: String, _ refreshToken: String?) async throws {
            do {
                _ = try await api.send(.logout(LogoutRequest(refreshToken: refreshToken), scope: scope), bearer: token)
            } catch APIError.undecodableBody(let status, _) where (200..<300).contains(status) {
                // A 2xx with an empty or unexpected body still ended the session.
            }
        }
        do {
            try await logout(session.accessToken, session.refreshToken)
        } catch APIError.server(status: 401, code: .tokenExpired, message: _, reason: _) {
            guard let refreshToken = session.refreshToken else { throw APIError.sessionExpired }
            let renewed = try await api.send(.refresh(RefreshTokenRequest(refreshToken: refreshToken)))
            try await logout(renewed.token, renewed.refreshToken ?? refreshToken)
        }
    }
}
