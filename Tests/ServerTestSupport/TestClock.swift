import ExamPrepServer
import Foundation
import Synchronization

/// A clock a test moves by hand: the server's token expiry and attempt windows follow it,
/// so expiry is tested without sleeping (and without depending on how busy the machine is).
public final class TestClock: Sendable {
    private let current: Mutex<Date>
    /// Where the clock started, by the date and by the continuous clock.
    private let origin: (date: Date, instant: ContinuousClock.Instant)

    public init(_ start: Date = Date()) {
        current = Mutex(start)
        origin = (start, ContinuousClock.now)
    }

    public var now: Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    public var serverClock: ServerClock {
        ServerClock { [self] in now }
    }

    /// `now` on the continuous clock (the clock of the hashing queue's deadlines): it moves
    /// only as the test moves this clock.
    public var instant: ContinuousClock.Instant {
        origin.instant + .seconds(now.timeIntervalSince(origin.date))
    }

    /// A hashing queue's times for a test: every job is expected to take `jobSeconds`, whatever
    /// it really takes, and a waiting job is overdue only when this clock says so.
    public func hashingTimes(jobSeconds: Double = 0.05) -> HashingTimes {
        HashingTimes(expectedJobSeconds: jobSeconds, measured: false) { [self] in instant }
    }
}
