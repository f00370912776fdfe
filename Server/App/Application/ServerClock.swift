import Foundation

/// Where the server reads the time for deadlines, token expiry and attempt windows. Tests use
/// a clock they move by hand, so that expiry is tested without sleeping.
public struct ServerClock: Sendable {
    public let now: @Sendable () -> Date
    /// Whether the server replaces this clock with the database's (`DatabaseClock`): true for
    /// `system`, false for a clock a test or tool sets.
    let followsDatabase: Bool

    public init(now: @escaping @Sendable () -> Date) {
        self.init(followsDatabase: false, now: now)
    }

    init(followsDatabase: Bool, now: @escaping @Sendable () -> Date) {
        self.now = now
        self.followsDatabase = followsDatabase
    }

    /// This host's clock, corrected to the database's once the server runs.
    public static let system = ServerClock(followsDatabase: true) { Date() }
}
