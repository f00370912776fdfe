import ExamPrepServer
import Foundation
import Synchronization

/// A clock a test moves by hand: the server's token expiry and attempt windows follow it,
/// so expiry is tested without sleeping (and without depending on how busy the machine is).
public final class TestClock: Sendable {
    private let current: Mutex<Date>

    public init(_ start: Date = Date()) {
        current = Mutex(start)
    }

    public var now: Date { current.withLock { $0 } }

    public func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    public var serverClock: ServerClock {
        ServerClock { [self] in now }
    }
}
