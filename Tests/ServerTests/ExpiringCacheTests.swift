import ExamPrepServerTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// The one bounded, expiring memory of the server (`ExpiringCache`) and the two caches on it
/// (`SessionCache`, `AttemptQuestionCache`), on a clock the test moves: nothing sleeps.
@Suite("Expiring cache")
struct ExpiringCacheTests {
    @Test func aValueIsGivenOutUntilItsAgeAndStoringItAgainAgesItFromThen() {
        let clock = TestClock()
        var cache = ExpiringCache<String, Int>(maxCount: 10, maxAge: 60, clock: clock.serverClock)
        cache.insert(1, for: "a")
        clock.advance(by: 59)
        #expect(cache.value(for: "a") == 1)
        // A change in place keeps its age.
        cache.update("a") { $0 += 1 }
        clock.advance(by: 1)
        #expect(cache.value(for: "a") == nil, "60 s old: no longer given out")
        cache.insert(3, for: "a")
        clock.advance(by: 30)
        #expect(cache.value(for: "a") == 3)
        #expect(cache.value(for: "b") == nil)

        // Aged at a time the caller read: the clock is not read again.
        let readAt = clock.serverClock.now()
        clock.advance(by: 30)
        #expect(cache.value(for: "a", at: readAt) == 3, "30 s old when read, though 60 s now")
        #expect(cache.value(for: "a") == nil)

        var ageless = ExpiringCache<String, Int>(maxCount: 10, clock: clock.serverClock)
        ageless.insert(1, for: "a")
        clock.advance(by: 86_400 * 365)
        #expect(ageless.value(for: "a") == 1)
    }

    @Test func pastItsCountTheValueKeptLongestGoesFirstAndIsHandedBack() {
        let clock = TestClock()
        var cache = ExpiringCache<Int, String>(maxCount: 3, clock: clock.serverClock)
        var evicted: [String] = []
        for key in 1...5 { evicted += cache.insert("v\(key)", for: key) }
        #expect(evicted == ["v1", "v2"])
        #expect(cache.keys == [3, 4, 5] && cache.count == 3)
        // Storing a key again makes it the newest; a change in place does not.
        cache.insert("v3'", for: 3)
        cache.update(4) { $0 += "'" }
        #expect(cache.keys == [4, 5, 3])
        #expect(cache.insert("v6", for: 6) == ["v4'"])
        #expect(cache.removeOldest()?.key == 5)
        #expect(cache.remove(3) == "v3'" && cache.remove(3) == nil)
        #expect(cache.removeAll { key, _ in key == 6 } == ["v6"] && cache.isEmpty && cache.removeOldest() == nil)

        // Many stores of few keys keep only those keys, in their order.
        for round in 0..<10_000 { cache.insert("r\(round)", for: round % 2) }
        #expect(cache.keys == [0, 1] && cache.value(for: 1) == "r9999")
        cache.removeAll()
        #expect(cache.isEmpty && cache.keys.isEmpty)
    }

    @Test func theSessionCacheForgetsASessionAfterItsTimeToLiveAndTheOldestPastItsBound() {
        let clock = TestClock()
        let cache = SessionCache(timeToLive: 30, maxEntries: 2, clock: clock.serverClock)
        let sessions = (0..<3).map { _ in UUID() }
        let expires = clock.now.addingTimeInterval(3600)
        cache.remember(sessions[0], userID: 1, language: nil, expiresAt: expires, check: cache.beginCheck())
        #expect(cache.knownOpen(sessions[0], userID: 1) == nil, "not listening: nothing is remembered")

        cache.setListening(true)
        for (index, session) in sessions.enumerated() {
            cache.remember(session, userID: index, language: nil, expiresAt: expires, check: cache.beginCheck())
        }
        // Two at most: the first went, the two after it stay.
        #expect(cache.knownOpen(sessions[0], userID: 0) == nil)
        #expect(cache.knownOpen(sessions[1], userID: 1) != nil && cache.knownOpen(sessions[2], userID: 2) != nil)
        #expect(cache.knownOpen(sessions[2], userID: 1) == nil, "another user's session")
        clock.advance(by: 30)
        #expect(cache.knownOpen(sessions[2], userID: 2) == nil, "checked 30 s ago: checked again")

        cache.remember(sessions[1], userID: 1, language: nil, expiresAt: expires, check: cache.beginCheck())
        cache.setListening(false)
        cache.setListening(true)
        #expect(cache.knownOpen(sessions[1], userID: 1) == nil && cache.count == 0, "a lost listener forgets all")
    }
}
