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
/// `malloc_trim` hands unused pages back; it takes a few milliseconds, on a Dispatch thread
/// rather than the cooperative pool.
struct MemoryRelease: Service {
    let interval: Duration

    func run() async throws {
        await PeriodicLoop.run(every: interval) { await Self.releaseFreeMemory() }
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
