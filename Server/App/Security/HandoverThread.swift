import Dispatch
import Foundation
import Synchronization

/// One thread of ordinary priority that runs, in the order they came, the closures other
/// threads hand it.
///
/// The hashing threads run at a lower priority (`nice` 10), and a thread started from one
/// inherits it (POSIX threads do). Whichever thread resumes a waiting task may start a worker
/// of the concurrency runtime's pool (it does when the pool is short of threads), and such a
/// worker would answer requests at the hashing's priority for as long as it lives. So a
/// hashing thread never resumes a task itself: it hands the resumption to this thread.
final class HandoverThread: Sendable {
    private struct Handed: Sendable {
        var closures: [@Sendable () -> Void] = []
        var stopped = false
    }

    private let handed = Mutex(Handed())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let exited = DispatchGroup()

    /// Starts the thread, which gets the calling thread's priority: call it from an ordinary one.
    func start(name: String) {
        exited.enter()
        let thread = Thread { [self] in
            ProcessTuning.nameCurrentThread(name)
            work()
            exited.leave()
        }
        thread.start()
    }

    /// Runs `closure` on the thread, after the ones handed before it. Once the thread has
    /// stopped, runs it on the calling thread, so that nothing handed over is ever lost.
    func hand(_ closure: @escaping @Sendable () -> Void) {
        let queued = handed.withLock { handed in
            guard !handed.stopped else { return false }
            handed.closures.append(closure)
            return true
        }
        if queued { wakeUp.signal() } else { closure() }
    }

    /// Runs what was handed over so far and lets the thread exit.
    func stop() async {
        handed.withLock { $0.stopped = true }
        wakeUp.signal()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            exited.notify(queue: .global()) { continuation.resume() }
        }
    }

    private func work() {
        while true {
            wakeUp.wait()
            let (closures, stopped) = handed.withLock { handed in
                defer { handed.closures = [] }
                return (handed.closures, handed.stopped)
            }
            for closure in closures { closure() }
            if stopped { return }
        }
    }
}
