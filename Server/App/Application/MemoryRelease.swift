import Dispatch
import Logging
import ServiceLifecycle

#if os(Linux)
    import CProcess
#endif

/// Gives the memory a surge freed back to the system every `interval`.
///
/// glibc keeps freed heap memory for reuse: after the login surge of an exam hour (2,000
/// logins waiting for a hashing thread at once, each holding its request) the server's RSS
/// stayed 45 MB above what the 2,000 open connections need, for the rest of the exam.
/// `malloc_trim` hands unused pages back, on a Dispatch thread rather than the cooperative pool.
///
/// Not while logins wait for a hashing thread: the surge's memory is in use then, and a trim
/// holds each malloc arena's lock while it walks the arena, so every thread that allocates
/// from it waits. Timed with a probe on `malloc_trim` in the 5,000-student exam hour, the
/// trims during the sign-ins took 21-22 ms, those while the students answered 2-7 ms. The
/// first turn after the surge gives its memory back.
struct MemoryRelease: Service {
    let interval: Duration
    let hashing: HashingQueue

    func run() async throws {
        await PeriodicLoop.run(every: interval) {
            if Self.isDue(hashing: hashing.statistics) { await Self.releaseFreeMemory() }
        }
    }

    /// Whether a turn gives memory back, seeing the hashing queue: not while jobs wait in it.
    static func isDue(hashing: HashingQueue.Statistics) -> Bool {
        hashing.waiting == 0
    }

    static func releaseFreeMemory() async {
        #if os(Linux)
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                DispatchQueue.global(qos: .utility).async {
                    _ = examprep_release_free_memory()
                    continuation.resume()
                }
            }
        #endif
    }
}
