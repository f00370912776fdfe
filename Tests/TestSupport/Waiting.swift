import Foundation

/// A wait of a test that reached its deadline without what it waited for. Every wait of the
/// test support ends this way or with `CancellationError` (the suite's time limit cancels a
/// test), so a missing event fails its test with a reason instead of hanging the run.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let description: String

    public init(_ what: String, after timeout: Duration) {
        description = "gave up after \(timeout) waiting for \(what)"
    }
}

/// How long a test waits for something that takes moments (an event, a screen, a metric) by
/// default: long enough for a loaded machine, well inside every suite's time limit.
public let defaultWaitLimit = Duration.seconds(60)

/// Polls `condition` every `interval` until it holds. Throws `WaitTimedOut` naming `what`
/// after `timeout`, and `CancellationError` at once when the test is cancelled.
public func eventually(
    _ what: @autoclosure () -> String = "a condition to hold",
    within timeout: Duration = defaultWaitLimit,
    every interval: Duration = .milliseconds(10),
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(what(), after: timeout) }
        try await Task.sleep(for: interval)
    }
}

/// `body`'s result, or `WaitTimedOut` naming `what` when it takes longer than `timeout`
/// (`body` is then cancelled; it must end when cancelled).
public func within<T: Sendable>(
    _ timeout: Duration, _ what: @autoclosure () -> String, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    let description = what()
    return try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw WaitTimedOut(description, after: timeout)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// Asks `probe` every `interval` until it gives a value, and returns it. Throws
/// `WaitTimedOut` naming `what` after `timeout`.
public func firstValue<Value>(
    _ what: @autoclosure () -> String, within timeout: Duration = defaultWaitLimit, every interval: Duration = .milliseconds(50),
    isolation: isolated (any Actor)? = #isolation, _ probe: () async throws -> Value?
) async throws -> Value {
    let deadline = ContinuousClock.now + timeout
    while true {
        if let value = try await probe() { return value }
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(what(), after: timeout) }
        try await Task.sleep(for: interval)
    }
}
