import ExamPrepShared
import Foundation
import Observation

/// Who is signed in, and the actions that change it.
@Observable
@MainActor
public final class Account {
    /// Whether a session is stored (restored from the store at start-up).
    public internal(set) var isLoggedIn: Bool
    /// The signed-in user's role, from the session or the profile.
    public internal(set) var role: Role?
    /// The signed-in user's email, when known.
    public private(set) var email: String?
    /// The profile from `GET /api/me`, after ``loadProfile()``.
    public internal(set) var profile: UserProfile?
    /// The user's open sessions (devices), after ``loadSessions()``.
    public private(set) var sessions: [SessionInfo] = []

    @ObservationIgnored let session: SessionManager
    @ObservationIgnored private var subscription: EventSubscription?

    public init(session: SessionManager) {
        self.session = session
        let stored = session.currentSession
        isLoggedIn = stored != nil
        role = stored?.role
        email = stored?.email
        subscription = EventSubscription(session) { [weak self] event in self?.apply(event) }
    }

    /// A new stream of session events; every call makes its own subscriber.
    public nonisolated var events: AsyncStream<AuthEvent> { session.events() }

    /// `POST /api/register`. Does not sign in.
    @discardableResult
    public func register(email: String, password: String, role: Role) async throws -> RegistrationResponse {
        try await session.send(.register(RegistrationRequest(email: email, password: password, role: role)))
    }

    /// `POST /api/login`; stores the session.
    @discardableResult
    public func login(email: String, password: String) async throws -> AuthSession {
        let response = try await session.send(.login(LoginRequest(email: email, password: password)))
        let stored = try await session.signIn(with: response, email: email)
        isLoggedIn = true
        role = stored.role
        self.email = stored.email
        profile = nil
        return stored
    }

    /// `GET /api/me`.
    @discardableResult
    public func loadProfile() async throws -> UserProfile {
        let loaded = try await perform { try await $0.send(.me) }
        profile = loaded
        role = loaded.role
        email = loaded.email
        return loaded
    }

    /// `PUT /api/me/language`: the person's own language for every page, mail and message
    /// (nil: none, each browser chooses).
    @discardableResult
    public func setLanguage(_ language: Language?) async throws -> UserProfile {
        let updated = try await perform { try await $0.send(.setLanguage(language)) }
        profile = updated
        return updated
    }

    /// `POST /api/me/password`. This device stays signed in; every other session ends.
    public func changePassword(current: String, new: String) async throws {
        _ = try await perform { try await $0.send(.changePassword(ChangePasswordRequest(currentPassword: current, newPassword: new))) }
        sessions = sessions.filter(\.current)
    }

    /// `GET /api/me/sessions`: where the user is signed in.
    @discardableResult
    public func loadSessions() async throws -> [SessionInfo] {
        let loaded = try await perform { try await $0.sendAll(.sessions) }
        sessions = loaded
        return loaded
    }

    /// `DELETE /api/me/sessions/{id}`: signs that device out. Ending this device's own
    /// session signs out here too.
    public func endSession(_ id: UUID) async throws {
        _ = try await perform { try await $0.send(.endSession(id)) }
        let wasCurrent = sessions.first { $0.id == id }?.current == true
        sessions.removeAll { $0.id == id }
        if wasCurrent {
            clear()
            await session.discardSession()
        }
    }

    /// `DELETE /api/me`: deletes the account and everything it owns, then signs out here.
    public func deleteAccount(password: String) async throws {
        _ = try await perform { try await $0.send(.deleteAccount(DeleteAccountRequest(password: password))) }
        clear()
        await session.discardSession()
    }

    /// Ends this device's session. The local session is cleared even if the server cannot
    /// be reached (the error is still thrown).
    public func logout() async throws {
        clear()
        try await session.signOut(scope: .current)
    }

    /// Ends every session of this user, on every device.
    public func logoutEverywhere() async throws {
        clear()
        try await session.signOut(scope: .all)
    }

    /// Another call may sign in or out while an event is on its way here, so the store, not
    /// the event, says who is signed in now (a sign-out event must not undo a later login).
    private func apply(_ event: AuthEvent) {
        guard let stored = session.currentSession else {
            clear()
            return
        }
        if stored.email != email || (stored.userId != nil && stored.userId != profile?.id) { profile = nil }
        isLoggedIn = true
        role = stored.role ?? profile?.role
        email = stored.email ?? profile?.email
    }

    private func clear() {
        isLoggedIn = false
        role = nil
        email = nil
        profile = nil
        sessions = []
    }

    func perform<T: Sendable>(_ body: (SessionManager) async throws -> T) async throws -> T {
        do {
            return try await body(session)
        } catch let error as APIError {
            if case .sessionExpired = error { clear() }
            if case .notSignedIn = error { clear() }
            throw error
        }
    }
}
