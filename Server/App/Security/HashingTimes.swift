import Foundation

/// What a `HashingQueue`'s time decisions rest on: how long a job is expected to take (which
/// jobs are admitted, which shed, and the `Retry-After` of a refusal) and the clock by which a
/// waiting job becomes overdue. A server measures its jobs and reads the continuous clock; a
/// test fixes a job's duration and moves a clock by hand, so that what the queue decides never
/// depends on how busy the machine is. Set through `AppConfiguration` in code only.
public struct HashingTimes: Sendable {
    /// A job's expected duration in seconds, until jobs have been measured (and always, when
    /// `measured` is false).
    public var expectedJobSeconds: Double
    /// Whether the measured duration of recent jobs replaces `expectedJobSeconds`.
    public var measured: Bool
    /// The clock of the jobs' deadlines: a job still waiting its bound and
    /// `HashingQueue.overdueGrace` after it was queued, by this clock, is answered as shed.
    public var now: @Sendable () -> ContinuousClock.Instant

    public init(
        expectedJobSeconds: Double = 0.05, measured: Bool = true, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.expectedJobSeconds = expectedJobSeconds
        self.measured = measured
        self.now = now
    }

    /// A server's: measured jobs, the continuous clock.
    public static let server = HashingTimes()

    /// The estimate a queue starts from.
    var durations: JobDurations { JobDurations(first: expectedJobSeconds, measured: measured) }
}

/// The mean duration of the last `kept` hashing jobs. A plain mean of many, not a weighted
/// average of the last few: in a login surge the hashing threads (at a lower priority) are
/// now and then held up for a moment, and a weighted average then doubled at once and shed
/// logins the queue would have served well within their bound (99 of 2,000 in one exam-hour
/// run, with the last login served after 17 of the 45 s allowed).
struct JobDurations: Sendable {
    static let kept = 64

    private var seconds: [Double] = []
    private var next = 0
    private var sum = 0.0
    /// The estimate until a job has been measured.
    private let first: Double
    /// False: `first` stays the estimate whatever the jobs take (`HashingTimes.measured`).
    private let measured: Bool

    init(first: Double, measured: Bool = true) {
        self.first = first
        self.measured = measured
    }

    var mean: Double { seconds.isEmpty ? first : sum / Double(seconds.count) }

    mutating func add(_ duration: Double) {
        guard measured else { return }
        if seconds.count < Self.kept {
            seconds.append(duration)
        } else {
            sum -= seconds[next]
            seconds[next] = duration
            next = (next + 1) % Self.kept
        }
        sum += duration
    }
}
