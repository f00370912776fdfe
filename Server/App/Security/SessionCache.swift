import ExamPrepShared
import Foundation
import Synchronization

/// Sessions known to be open, remembered for a short while, so that a protected request
/// usually needs no round trip to PostgreSQL to check its session: an access token's session
/// by its id, a browser's by its cookie token's hash.
///
/// Ending a session must still take effect at once: on this replica the ending code evicts
/// the session itself before it answers; other replicas learn of it from PostgreSQL (a
/// trigger notifies every ended session; each replica's `PostgresListener` on
/// `SessionCache.channel` calls `sessionEnded`) within milliseconds.
/// The cache is used only while that listening works: when the listening connection is
/// lost, the cache is emptied and bypassed until it listens again. An entry is also
/// re-checked after `timeToLive`, whatever happens, and at most `maxEntries` of each kind are
/// kept (the oldest go first: `ExpiringCache`).
final class SessionCache: Sendable {
    /// The channel on which PostgreSQL announces ended sessions (migration 011).
    static let channel = "examprep_sessions"

    private struct Entry {
        var userID: Int
        /// The person's own language setting (nil: none).
        var language: Language?
        var expiresAt: Date
    }

    /// A browser's session, found by its cookie token's hash.
    private struct WebEntry {
        var record: WebSessionRecord
        var expiresAt: Date
    }

    /// Each kept for `timeToLive` from its check (`ExpiringCache`), at most `maxEntries` of each.
    private struct State {
        var entries: ExpiringCache<UUID, Entry>
        var web: ExpiringCache<[UInt8], WebEntry>
        var listening = false
        /// Counts evictions, so that a check that began before one does not remember its
        /// (possibly outdated) answer after it.
        var evictions: UInt64 = 0

        mutating func forgetAll() {
            entries.removeAll()
            web.removeAll()
            evictions &+= 1
        }
    }

    let timeToLive: TimeInterval
    let maxEntries: Int
    private let clock: ServerClock
    private let state: Mutex<State>

    init(timeToLive: TimeInterval, maxEntries: Int = 10_000, clock: ServerClock) {
        self.timeToLive = timeToLive
        self.maxEntries = maxEntries
        self.clock = clock
        state = Mutex(
            State(
                entries: ExpiringCache(maxCount: maxEntries, maxAge: timeToLive, clock: clock),
                web: ExpiringCache(maxCount: maxEntries, maxAge: timeToLive, clock: clock)))
    }

    /// The session, when it is known open (listening, checked recently, not expired).
    func knownOpen(_ sessionID: UUID, userID: Int) -> OpenSessionCheck? {
        let now = clock.now()
        return state.withLock { state in
            guard state.listening, let entry = state.entries.value(for: sessionID, at: now), entry.userID == userID, entry.expiresAt > now
            else { return nil }
            return OpenSessionCheck(language: entry.language)
        }
    }

    /// A token to pass to `remember` for a check about to be made.
    func beginCheck() -> UInt64 {
        state.withLock { $0.evictions }
    }

    /// Remembers an open session, unless anything was evicted since `check` began.
    func remember(_ sessionID: UUID, userID: Int, language: Language?, expiresAt: Date, check: UInt64) {
        state.withLock { state in
            guard state.listening, state.evictions == check else { return }
            state.entries.insert(Entry(userID: userID, language: language, expiresAt: expiresAt), for: sessionID)
        }
    }

    func evict(_ sessionID: UUID) {
        state.withLock { state in
            state.entries.remove(sessionID)
            state.web.removeAll { $1.record.sessionID == sessionID }
            state.evictions &+= 1
        }
    }

    func evict(userID: Int) {
        state.withLock { state in
            state.entries.removeAll { $1.userID == userID }
            state.web.removeAll { $1.record.userID == userID }
            state.evictions &+= 1
        }
    }

    /// A notification of an ended session (its id as text).
    func sessionEnded(_ payload: String) {
        guard let sessionID = UUID(uuidString: payload) else {
            // Not understood: forget everything rather than risk keeping an ended session.
            forgetAll()
            return
        }
        evict(sessionID)
    }

    /// Listening started (the cache starts empty) or stopped (it is emptied and bypassed).
    func setListening(_ listening: Bool) {
        state.withLock { state in
            state.listening = listening
            state.forgetAll()
        }
    }

    /// Forgets every session (each is checked in PostgreSQL again).
    func forgetAll() {
        state.withLock { $0.forgetAll() }
    }

    var count: Int { state.withLock { $0.entries.count + $0.web.count } }

    /// The browser session whose cookie token hashes to `tokenHash`, if it is known open
    /// (listening, checked recently, its idle expiry not passed; one kept open past it by a
    /// running attempt is checked in PostgreSQL every time).
    func webSession(_ tokenHash: [UInt8]) -> WebSessionRecord? {
        let now = clock.now()
        return state.withLock { state in
            guard state.listening, let entry = state.web.value(for: tokenHash), entry.expiresAt > now else { return nil }
            return entry.record
        }
    }

    /// Remembers an open browser session, unless anything was evicted since `check` began.
    func rememberWeb(_ record: WebSessionRecord, tokenHash: [UInt8], expiresAt: Date, check: UInt64) {
        state.withLock { state in
            guard state.listening, state.evictions == check else { return }
            state.web.insert(WebEntry(record: record, expiresAt: expiresAt), for: tokenHash)
        }
    }

    /// A remembered browser session was used and its idle expiry moved on (`touchWeb`).
    func touchedWeb(_ tokenHash: [UInt8], at now: Date, expiresAt: Date) {
        state.withLock { state in
            state.web.update(tokenHash) { entry in
                entry.record.lastUsedAt = now
                entry.expiresAt = max(entry.expiresAt, expiresAt)
            }
        }
    }
}
