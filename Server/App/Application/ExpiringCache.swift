import Foundation

/// Values kept by key for a while, to save work: at most `maxCount` of them (past that, the
/// one kept longest goes first), and none older than `maxAge` is given out. Time is
/// `clock`'s, so a test moves it by hand. Not locked: its owner keeps it in its own `Mutex`
/// with whatever else must change with it in one step (`SessionCache`'s listening,
/// `AttemptQuestionCache`'s shared questions), and decides what else an eviction frees: the
/// values that went are handed back.
///
/// Kept in the order they were stored (storing a key again makes it the newest; `update`
/// does not); an entry that goes leaves a stale place in that order behind, skipped and
/// compacted later, so no step walks the whole cache.
struct ExpiringCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        var value: Value
        var storedAt: Date
        /// Its place in `order` (older places with the same key are stale).
        var serial: UInt64
    }

    let maxCount: Int
    /// Nil: values do not age (only the count bounds them).
    let maxAge: TimeInterval?
    let clock: ServerClock
    private var entries: [Key: Entry] = [:]
    private var order: [(key: Key, serial: UInt64)] = []
    /// The first place of `order` that may still be live.
    private var head = 0
    private var nextSerial: UInt64 = 0

    init(maxCount: Int, maxAge: TimeInterval? = nil, clock: ServerClock) {
        self.maxCount = max(maxCount, 1)
        self.maxAge = maxAge
        self.clock = clock
    }

    /// The value kept for `key`, unless it is older than `maxAge`.
    func value(for key: Key) -> Value? {
        value(for: key, at: clock.now())
    }

    /// The same, aged at `now`, a time the caller read from the same clock for a check of
    /// its own (one reading of the clock for both).
    func value(for key: Key, at now: Date) -> Value? {
        guard let entry = entries[key] else { return nil }
        if let maxAge, now.timeIntervalSince(entry.storedAt) >= maxAge { return nil }
        return entry.value
    }

    /// Keeps `value` for `key` as the newest, aged from now. Answers the values that went to
    /// make room (the oldest first), not the one it replaced.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key) -> [Value] {
        nextSerial &+= 1
        entries[key] = Entry(value: value, storedAt: clock.now(), serial: nextSerial)
        order.append((key, nextSerial))
        var evicted: [Value] = []
        while entries.count > maxCount, let oldest = removeOldest() { evicted.append(oldest.value) }
        compactIfStale()
        return evicted
    }

    /// Changes the value kept for `key` in place (its age and its place stay): nothing when
    /// none is kept.
    mutating func update(_ key: Key, _ change: (inout Value) -> Void) {
        guard var entry = entries[key] else { return }
        change(&entry.value)
        entries[key] = entry
    }

    /// Forgets `key`; answers what was kept for it.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        let removed = entries.removeValue(forKey: key)?.value
        compactIfStale()
        return removed
    }

    /// Forgets every value `shouldGo` picks; answers them.
    @discardableResult
    mutating func removeAll(where shouldGo: (Key, Value) -> Bool) -> [Value] {
        let going = entries.filter { shouldGo($0.key, $0.value.value) }
        for key in going.keys { entries.removeValue(forKey: key) }
        compactIfStale()
        return going.values.map(\.value)
    }

    /// Forgets the value kept longest; answers it with its key (nil: none is kept).
    mutating func removeOldest() -> (key: Key, value: Value)? {
        while head < order.count {
            let place = order[head]
            head += 1
            if let entry = entries[place.key], entry.serial == place.serial {
                entries.removeValue(forKey: place.key)
                return (place.key, entry.value)
            }
        }
        return nil
    }

    /// Forgets everything.
    mutating func removeAll() {
        entries.removeAll()
        order.removeAll()
        head = 0
    }

    var count: Int { entries.count }
    var isEmpty: Bool { entries.isEmpty }

    /// The keys kept, the oldest first.
    var keys: [Key] {
        order[head...].compactMap { place in entries[place.key]?.serial == place.serial ? place.key : nil }
    }

    /// Drops the stale places of `order` once they outnumber the live ones.
    private mutating func compactIfStale() {
        guard order.count - head > 2 * entries.count + 16 || head > 1_024 && head > order.count / 2 else { return }
        order = order[head...].filter { entries[$0.key]?.serial == $0.serial }
        head = 0
    }
}
