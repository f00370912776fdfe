/// The hashing queue's line (high before normal, first come first served within each), its
/// counters and its estimate of a new job's wait: the state `HashingQueue` keeps behind its lock.
extension HashingQueue {
    /// A job in line: its work, its bound and how to fail it.
    struct Job: Sendable {
        let id: UInt64
        let priority: Priority
        /// The longest wait it was admitted for, in seconds.
        let bound: Double
        /// When the job is overdue: its bound and `overdueGrace` after it was queued.
        let deadline: ContinuousClock.Instant
        /// Does the work and returns how to hand its result over, so that the statistics
        /// count a job as completed before its caller can see the result.
        let run: @Sendable () -> @Sendable () -> Void
        let fail: @Sendable (any Error) -> Void
    }

    /// The line of jobs and the counters, behind the queue's lock.
    struct State: Sendable {
        var high: [Job] = []
        var normal: [Job] = []
        var statistics = Statistics()
        /// The durations of the last `JobDurations.kept` jobs, in seconds, each from the
        /// moment its thread was free (a pause for the backlog included).
        var durations: JobDurations
        /// The same jobs' hashing alone: what bounds a pause.
        var work: JobDurations
        var nextID: UInt64 = 0
        var stopped = false

        mutating func remove(id: UInt64) -> Job? {
            if let index = high.firstIndex(where: { $0.id == id }) { return high.remove(at: index) }
            if let index = normal.firstIndex(where: { $0.id == id }) { return normal.remove(at: index) }
            return nil
        }

        /// Takes the jobs whose deadline has passed out of the queue.
        mutating func removeOverdue(at now: ContinuousClock.Instant) -> [Job] {
            func isOverdue(_ job: Job) -> Bool { job.deadline < now }
            guard high.contains(where: isOverdue) || normal.contains(where: isOverdue) else { return [] }
            let overdue = high.filter(isOverdue) + normal.filter(isOverdue)
            high.removeAll(where: isOverdue)
            normal.removeAll(where: isOverdue)
            return overdue
        }

        mutating func next() -> Job? {
            if !high.isEmpty { return high.removeFirst() }
            if !normal.isEmpty { return normal.removeFirst() }
            return nil
        }

        /// Seconds until a new job of `priority` would start: the jobs ahead of it, plus half
        /// a job for the ones running, spread over the threads.
        func expectedWait(_ priority: Priority, threads: Int) -> Double {
            let ahead = priority == .high ? high.count : high.count + normal.count
            let inFlight = Double(ahead) + Double(statistics.running) / 2
            return inFlight * durations.mean / Double(threads)
        }

        /// The refusal a new job of `priority` gets now when the wait ahead of it is over its
        /// `bound` (counted as shed), or nil when it is let in.
        mutating func refusal(_ priority: Priority, bound: Double, threads: Int) -> HashingOverloaded? {
            let wait = expectedWait(priority, threads: threads)
            guard wait > bound else { return nil }
            statistics.shed += 1
            return HashingOverloaded(retryAfter: HashingQueue.retryAfter(wait: wait, bound: bound))
        }
    }
}
