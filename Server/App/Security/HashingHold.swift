import Dispatch
import Synchronization

/// Occupies password hashing threads on demand, so that a test can fill the hashing queue
/// for exactly as long as it needs, whatever the machine's load: a slow hash instead ends
/// early on a fast machine and late on a loaded one. Set through `AppConfiguration` in code
/// only (no environment variable reaches it).
public final class HashingHold: Sendable {
    /// A hashing thread held by `occupyThread()`; `release()` lets it go.
    public struct Held: Sendable {
        fileprivate let semaphore: DispatchSemaphore
        fileprivate let job: Task<Void, any Error>

        /// Frees the thread and waits until its job has ended.
        public func release() async {
            semaphore.signal()
            _ = await job.result
        }
    }

    private let queue = Mutex<HashingQueue?>(nil)

    public init() {}

    /// Called once as the application is built, with the queue its hasher owns.
    func attach(_ hashingQueue: HashingQueue) {
        queue.withLock { $0 = hashingQueue }
    }

    /// Puts a job on the hashing queue that keeps its thread until released, and returns once
    /// it runs. Throws `HashingHoldNotAttached` before the application is built.
    public func occupyThread() async throws -> Held {
        guard let hashingQueue = queue.withLock({ $0 }) else { throw HashingHoldNotAttached() }
        let semaphore = DispatchSemaphore(value: 0)
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let job = Task {
            defer { startedContinuation.finish() }
            // An hour's bound: the hold itself is never shed, whatever the queue's settings.
            try await hashingQueue.run(priority: .high, maxWait: .seconds(3_600)) {
                startedContinuation.yield()
                // Blocks a hashing thread, which is what hashing threads are for.
                semaphore.wait()
            }
        }
        var running = started.makeAsyncIterator()
        guard await running.next() != nil else {
            // The job ended without running (the server is stopping): its error says why.
            try await job.value
            throw HashingHoldNotAttached()
        }
        return Held(semaphore: semaphore, job: job)
    }

    /// Runs `body` while one hashing thread is held, and frees the thread when it ends or throws.
    nonisolated(nonsending) public func whileOccupying<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        let held = try await occupyThread()
        do {
            let value = try await body()
            await held.release()
            return value
        } catch {
            await held.release()
            throw error
        }
    }
}

/// `HashingHold.occupyThread()` was called before the application that uses it was built.
public struct HashingHoldNotAttached: Error, Sendable {}
