import Foundation

/// Where the server reads the time for token expiry and attempt windows. Tests use a clock
/// they move by hand, so that expiry is tested without sleeping.
public struct ServerClock: Sendable {
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    public static let system = ServerClock { Date() }
}
