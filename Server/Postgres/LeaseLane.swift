import Foundation
import Synchronization

/// The threads that run a lease's work: from the grant of a connection to its return, a task
/// runs here (`withTaskExecutorPreference`) instead of on the cooperative pool.
///
/// Between two round trips a lease's task waits for a thread to go on (to read the answer,
/// send the next statement, give the connection back), and all that while the connection is
/// lent and idle. On the cooperative pool that wait is a place in the one line of every
/// request's work, which on a busy machine (a sign-in surge, pages being drawn) grows to tens
/// of milliseconds: the exam hour in browsers showed most of the pool's connections lent and
/// idle in PostgreSQL while pages queued for one. Here the line holds only leases' work: a job
/// per lent connection, and the short step of a request joining the pool's line (it enters
/// the lane before its grant, so that the grant resumes it here). The kernel shares the cores
/// between these threads and the cooperative pool's by its own fairness.
///
/// The work must not block (libpq runs nonblocking here; connecting, the one blocking call,
/// runs on the pool's `NIOThreadPool`). Created once per process, before the first lease, by
/// the thread that creates the first pool (never a lowered hashing thread: its priority would
/// pass to these).
final class LeaseLane: TaskExecutor {
    /// One per core, at least two.
    static let shared = LeaseLane(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

    /// Jobs in arrival order: at most one per task inside `withConnection`, so never more than
    /// the pool's lines and connections hold.
    private let line = Mutex<[UnownedJob]>([])
    private let ready = DispatchSemaphore(value: 0)

    private init(threads: Int) {
        for index in 0..<threads {
            Thread { [self] in
                // Named from inside: the kernel's name (in `top -H`, `perf`) is set by the thread itself.
                Thread.current.name = "db-lease-\(index)"
                run()
            }.start()
        }
    }

    private func run() {
        while true {
            ready.wait()
            let job = line.withLock { $0.isEmpty ? nil : $0.removeFirst() }
            job?.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        line.withLock { $0.append(job) }
        ready.signal()
    }
}
