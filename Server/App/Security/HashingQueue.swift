import Dispatch
import Foundation
import Synchronization

/// Password hashing is deliberately slow and blocks its thread, so it runs on a few threads
/// of its own (about one per core), fed by this queue.
///
/// - Two priorities: verifying a login (`high`) always goes before new hashes (`normal`:
///   registrations, password changes, upgrades of old hashes), so a flood of registrations
///   never delays a login by more than the jobs already running.
/// - Shedding by expected wait, not by queue length: a job is refused at once (the caller
///   answers 503 with `Retry-After`) when the jobs ahead of it would take longer than its
///   bound. The wait is estimated from the measured duration of recent jobs.
/// - A job still waiting a second after its bound is answered the same way (the estimate
///   was wrong: the machine is busier than the recent jobs said), so no caller waits much
///   longer than its bound, even while the hashing threads are starved of CPU.
/// - A job whose task is cancelled (its client went away) while it waits is dropped, never
///   run.
/// - Yielding to a backlog: while `backlog` says other work of the server is waiting (requests
///   in the database pool's line), a free thread waits before its next job, for at most one
///   job's mean hashing time. The operating system shares busy cores between process groups (a
///   container, a service) before it looks at a thread's priority, so the hashing's lower
///   priority does not reach PostgreSQL in a container of its own: without the pause a sign-in
///   surge takes the cores PostgreSQL needs for the saves already waiting. At most half the
///   hashing's pace is given up, and the pause counts in a job's measured duration, so the
///   expected waits (and the shedding) follow the pace the hashing really has.
final class HashingQueue: Sendable {
    enum Priority: Sendable {
        case high
        case normal
    }

    /// Counters since start, for metrics.
    struct Statistics: Sendable, Equatable {
        var waiting = 0
        var running = 0
        var completed = 0
        /// Dropped before they ran because their request was cancelled.
        var cancelled = 0
        /// Refused because the expected wait was over the bound.
        var shed = 0
        /// Answered like a refusal because they waited past their bound (and the grace).
        var overdue = 0
        /// Time the threads paused for the backlog, in seconds.
        var pausedSeconds = 0.0
    }

    /// How long past its bound a waiting job is kept before it is answered as overdue (the
    /// estimate's rounding, a thread's wake-up; also lets a bound of zero admit a job that
    /// starts at once).
    static let overdueGrace = Duration.seconds(1)

    let threads: Int
    /// True while other work waits (see the type's comment); nil: never pause.
    private let backlog: (@Sendable () -> Bool)?
    /// The clock of the jobs' deadlines (`HashingTimes.now`).
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state: Mutex<State>
    /// Counts queued jobs (and, at stop, one wake-up per thread).
    private let wakeUp = DispatchSemaphore(value: 0)
    private let exited = DispatchGroup()

    /// - Parameter times: a job's expected duration and the clock of deadlines (a test's, or
    ///   the server's: measured jobs, the continuous clock).
    /// - Parameter backlog: true while other work of the server waits; nil: the threads never
    ///   pause.
    init(threads: Int, times: HashingTimes = .server, backlog: (@Sendable () -> Bool)? = nil) {
        self.threads = max(1, threads)
        self.backlog = backlog
        self.now = times.now
        self.state = Mutex(State(durations: times.durations, work: times.durations))
    }

    var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// The current estimate of how long a new job of `priority` would wait, in seconds.
    func expectedWait(_ priority: Priority) -> Double {
        state.withLock { $0.expectedWait(priority, threads: threads) }
    }

    // MARK: - Lifecycle

    /// Starts the threads.
    func start() {
        for index in 0..<threads {
            exited.enter()
            let thread = Thread { [self] in
                work()
                exited.leave()
            }
            thread.name = "examprep-hash-\(index)"
            thread.start()
        }
    }

    /// Fails the waiting jobs, lets the running ones finish and the threads exit.
    func stop() async {
        let abandoned = state.withLock { state -> [Job] in
            state.stopped = true
            defer {
                state.high = []
                state.normal = []
            }
            return state.high + state.normal
        }
        for job in abandoned { job.fail(HashingStopped()) }
        for _ in 0..<threads { wakeUp.signal() }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            exited.notify(queue: .global()) { continuation.resume() }
        }
    }

    // MARK: - Jobs

    /// Runs `work` on a hashing thread and returns its result.
    ///
    /// Throws `HashingOverloaded` at once when the expected wait exceeds `maxWait`, and
    /// `CancellationError` when the calling task is cancelled before the job starts (it then
    /// never runs). A job that has started runs to its end.
    func run<T: Sendable>(
        priority: Priority, maxWait: Duration, _ work: @escaping @Sendable () throws -> T
    ) async throws -> T {
        let bound = seconds(maxWait)
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        let deadline = now() + maxWait + Self.overdueGrace
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                let job = Job(
                    id: id, priority: priority, bound: bound, deadline: deadline,
                    run: {
                        let result = Result(catching: work)
                        return { continuation.resume(with: result) }
                    },
                    fail: { continuation.resume(throwing: $0) })
                let refusal: (any Error)? = state.withLock { state in
                    if state.stopped { return HashingStopped() }
                    if Task.isCancelled {
                        state.statistics.cancelled += 1
                        return CancellationError()
                    }
                    if let refusal = state.refusal(priority, bound: bound, threads: threads) { return refusal }
                    switch priority {
                    case .high: state.high.append(job)
                    case .normal: state.normal.append(job)
                    }
                    state.statistics.waiting += 1
                    return nil
                }
                if let refusal {
                    continuation.resume(throwing: refusal)
                } else {
                    wakeUp.signal()
                }
            }
        } onCancel: {
            let job = state.withLock { state -> Job? in
                guard let job = state.remove(id: id) else { return nil }
                state.statistics.waiting -= 1
                state.statistics.cancelled += 1
                return job
            }
            job?.fail(CancellationError())
        }
    }

    /// Throws the `HashingOverloaded` that `run` would throw now for a job of `priority` with
    /// `maxWait`, without queueing anything: callers ask before their own work (the database
    /// reads and writes of a login) so that a caller who would be refused anyway costs almost
    /// nothing. `run` still decides.
    func admits(_ priority: Priority, maxWait: Duration) throws {
        if let refusal = state.withLock({ $0.refusal(priority, bound: seconds(maxWait), threads: threads) }) { throw refusal }
    }

    /// Answers every waiting job whose deadline has passed by the queue's clock with
    /// `HashingOverloaded` (its `Retry-After` from the current estimate). Called about twice a
    /// second by the hasher.
    func shedOverdue() {
        let now = self.now()
        let answered = state.withLock { state -> [(Job, HashingOverloaded)] in
            let overdue = state.removeOverdue(at: now)
            state.statistics.waiting -= overdue.count
            state.statistics.overdue += overdue.count
            return overdue.map { job in
                let wait = state.expectedWait(job.priority, threads: threads)
                return (job, HashingOverloaded(retryAfter: Self.retryAfter(wait: wait, bound: job.bound)))
            }
        }
        for (job, refusal) in answered { job.fail(refusal) }
    }

    /// Seconds after which a refused caller should come back: when the work ahead of it, `wait`
    /// now, has shrunk to half its `bound`. Then it is let in, and the threads still have work
    /// while the refused callers are away (they add up to five seconds of jitter): told to come
    /// back after the whole wait, they found the threads idle for up to those five seconds,
    /// every round.
    static func retryAfter(wait: Double, bound: Double) -> Int {
        max(1, Int((wait - bound / 2).rounded(.up)))
    }

    /// The loop of one hashing thread (of low priority: requests that need no hashing go first).
    private func work() {
        ProcessTuning.lowerCurrentThreadPriority()
        while true {
            wakeUp.wait()
            let start = ContinuousClock.now
            let paused = yieldToBacklog()
            let next = state.withLock { state -> (job: Job?, exit: Bool) in
                state.statistics.pausedSeconds += paused
                guard let job = state.next() else { return (nil, state.stopped) }
                state.statistics.waiting -= 1
                state.statistics.running += 1
                return (job, false)
            }
            if next.exit { return }
            guard let job = next.job else { continue }
            let running = ContinuousClock.now
            let handOver = job.run()
            let took = seconds(ContinuousClock.now - start)
            let worked = seconds(ContinuousClock.now - running)
            state.withLock { state in
                state.statistics.running -= 1
                state.statistics.completed += 1
                state.durations.add(took)
                state.work.add(worked)
            }
            handOver()
        }
    }
}

extension HashingQueue {
    /// How often a paused thread looks at the backlog again.
    static let backlogPoll = Duration.milliseconds(1)

    /// Waits while `backlog` says other work waits, for at most the mean hashing time of recent
    /// jobs (not at all when the queue is stopping), and returns the seconds it waited.
    /// Runs on a hashing thread, which may block.
    fileprivate func yieldToBacklog() -> Double {
        guard let backlog else { return 0 }
        let began = ContinuousClock.now
        let until = began + .seconds(state.withLock { $0.work.mean })
        while backlog(), ContinuousClock.now < until, !state.withLock({ $0.stopped }) {
            Thread.sleep(forTimeInterval: seconds(Self.backlogPoll))
        }
        return seconds(ContinuousClock.now - began)
    }
}

/// Hashing would have to wait longer than its bound: 503 with `Retry-After`.
struct HashingOverloaded: Error, Sendable, Equatable {
    /// Seconds after which the queue is expected to have room again.
    var retryAfter: Int
}

/// The server is shutting down: no more hashing.
struct HashingStopped: Error, Sendable {}

/// `duration` in seconds, as the queue's estimates count.
private func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
