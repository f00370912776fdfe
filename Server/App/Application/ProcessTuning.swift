#if os(Linux)
    import CProcess
#endif

/// Settings of the process the server runs in, applied once at start.
public enum ProcessTuning {
    /// glibc gives every thread that allocates an arena of its own (up to eight per core);
    /// with a thread per database connection and per hashing slot that is most of a server's
    /// resident memory. Two arenas serve this server as fast (measured in benchmarks/run).
    /// `MALLOC_ARENA_MAX` in the environment, which glibc reads itself, still wins.
    public static func apply(environment: [String: String]) {
        #if os(Linux)
            if environment["MALLOC_ARENA_MAX"] == nil {
                _ = examprep_limit_malloc_arenas(2)
            }
        #endif
    }

    /// Lowers the calling thread's priority (Linux schedules threads one by one): hashing
    /// threads then give way to the threads that answer requests, so `/health` and other
    /// cheap requests stay fast while logins keep the cores busy. Throughput is unchanged:
    /// the hashing threads get every cycle nobody else wants.
    static func lowerCurrentThreadPriority() {
        #if os(Linux)
            _ = examprep_lower_thread_priority(10)
        #endif
    }
}
