/// How fast a pool's line moves, and when to tell a lease that is turned away to come back.
///
/// A crowd (a district's 10,000 students pressing Start in the same ten seconds) is more than
/// any line should hold. The leases turned away are each promised a time of their own, one
/// serving interval after the last promise and never before the line now waiting is served, so
/// that they come back spread at the pace the pool serves instead of all together two seconds
/// later, only to find the line full again (a run here resent 42,646 requests so, each costing
/// its parsing and its sign-in check for nothing).
///
/// Pure bookkeeping on a clock given in seconds (the pool's `ContinuousClock`, or a test's),
/// kept under the pool's lock beside `PoolState`.
struct LinePace: Sendable, Equatable {
    /// Leases handed a connection from the line per second, smoothed over busy seconds (a
    /// second in which someone waited all along, so that every connection given back went to
    /// the line: the pool's pace flat out, not how often someone happened to wait); nil until
    /// one such second was seen.
    private(set) var perSecond: Double?
    /// The busy second being counted: when it began and how many were served in it.
    private var windowStart: Double?
    private var servedInWindow = 0
    /// The latest time promised to a lease turned away.
    private var lastPromise = -Double.infinity

    /// How long one measurement lasts, and how much a new one weighs against the old.
    static let window = 1.0
    static let weight = 0.5
    /// A gap longer than this without anyone served from the line ends a busy spell: the next
    /// one is measured afresh.
    static let idleGap = 5.0
    /// The pace assumed before any was measured (a pool of eight on two cores serves several
    /// hundred leases a second; assuming fewer spreads the first crowd wider, never narrower).
    static let assumedPerSecond = 100.0
    /// The longest wait promised: a client told to wait longer would give up.
    static let longestPromise = 60.0

    /// A lease waiting in line was handed a connection (or a slot) at `now`; `lineEmpty` when
    /// nobody waits after it. A second in which the line ran empty measures nothing.
    mutating func served(at now: Double, lineEmpty: Bool) {
        guard !lineEmpty else {
            windowStart = nil
            return
        }
        guard let start = windowStart, now - start <= Self.idleGap else {
            windowStart = now
            servedInWindow = 0
            return
        }
        servedInWindow += 1
        let elapsed = now - start
        guard elapsed >= Self.window else { return }
        let measured = Double(servedInWindow) / elapsed
        perSecond = perSecond.map { $0 * (1 - Self.weight) + measured * Self.weight } ?? measured
        windowStart = now
        servedInWindow = 0
    }

    private var pace: Double { max(perSecond ?? Self.assumedPerSecond, 1) }

    /// How many leases the line serves within `seconds` at the pace measured (none measured:
    /// no bound, the line's length alone decides).
    func served(within seconds: Double) -> Int {
        guard let perSecond else { return .max }
        let count = (perSecond * seconds).rounded(.down)
        return count >= Double(Int.max) ? .max : Int(count)
    }

    /// A lease turned away at `now` while `ahead` wait: the seconds after which it should come
    /// back, one serving interval after the last lease turned away, and not before those
    /// waiting now are served. At least one second, at most `longestPromise`.
    mutating func promise(ahead: Int, at now: Double) -> Int {
        let interval = 1 / pace
        let promised = max(lastPromise + interval, now + Double(ahead) * interval)
        lastPromise = min(promised, now + Self.longestPromise)
        return Int(min(max((lastPromise - now).rounded(.up), 1), Self.longestPromise))
    }
}
