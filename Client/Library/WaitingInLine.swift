import Foundation

/// How the client waits when the server sheds a sign-in it could not start in time: in a
/// sign-in surge (the start of an exam) the server's password hashing has a queue, and a login
/// or registration that would wait too long in it is answered 503 with `Retry-After`. The
/// client then waits that long (plus a little jitter, so that the shed do not all come back at
/// once) and sends it again, for at most `patience` in all; each wait is announced with
/// ``AuthEvent/waitingInLine(seconds:)`` so an app can say "you are in line" instead of an
/// error. Only sign-ins, token refreshes and the start of an attempt wait: a shed sign-in or
/// refresh has done nothing on the server, and a start sent again returns the attempt already
/// open. (When every database connection is busy the server sheds other requests too, with
/// `Retry-After`; those are the app's to send again.)
public struct WaitingInLine: Sendable, Hashable {
    /// The longest the client stays in line for one sign-in, in all; then the server's 503
    /// is thrown as it came.
    public var patience: TimeInterval
    /// The longest one wait, whatever `Retry-After` says.
    public var longestWait: TimeInterval
    /// The most jitter added to one wait.
    public var jitter: TimeInterval

    public init(patience: TimeInterval = 600, longestWait: TimeInterval = 60, jitter: TimeInterval = 5) {
        self.patience = patience
        self.longestWait = longestWait
        self.jitter = jitter
    }

    /// Ten minutes in line at most, a minute at a time at most, up to 5 s of jitter.
    public static let standard = WaitingInLine()
    /// Never waits: a shed sign-in fails with the server's 503.
    public static let never = WaitingInLine(patience: 0)

    /// Seconds to wait before sending again a sign-in answered `response` after `waited`
    /// seconds in line, or nil when the answer stands (not shed, or patience is spent).
    /// `spread` (0 to 1) picks the jitter.
    public func nextWait(after response: HTTPResponse, waited: TimeInterval, spread: Double = .random(in: 0...1)) -> TimeInterval? {
        guard response.status == 503, let header = response.header("retry-after"),
            let retryAfter = TimeInterval(header.trimmingCharacters(in: .whitespaces)), retryAfter > 0, retryAfter.isFinite
        else { return nil }
        let wait = min(retryAfter, longestWait) + min(retryAfter, jitter) * min(max(spread, 0), 1)
        guard waited + wait <= patience else { return nil }
        return wait
    }
}
