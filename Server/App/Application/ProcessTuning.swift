#if os(Linux)
    import CProcess
#endif

/// Settings of the process the server runs in, applied once at start.
public enum ProcessTuning {
    /// Whether glibc's malloc arenas were capped at two as the process started (in C, before
    /// main: `Server/CProcess/process_start.c`). glibc gives every thread that allocates an
    /// arena of its own (up to eight per core); with the event loops, the hashing threads, the
    /// pool's connecting threads and its socket watcher that would be most of a server's
    /// resident memory, and two arenas serve this server as fast (measured in benchmarks/run).
    /// False when `MALLOC_ARENA_MAX` in the environment, which glibc reads itself, decides.
    public static var mallocArenasCapped: Bool {
        #if os(Linux)
            examprep_malloc_arenas_capped() == 1
        #else
            false
        #endif
    }

    /// Each client connection is a file, and so are the database connections, PostgreSQL's
    /// own files and the logs: the soft limit many systems start a process with (1,024) would
    /// refuse connections long before `MAX_CONNECTIONS` (4,096). The server raises its soft
    /// limit to what it needs (the hard limit at most) and says when even that is too low.
    /// Returns the soft limit now, or nil where it cannot be read.
    @discardableResult
    public static func raiseOpenFileLimit(forConnections connections: Int, warn: (String) -> Void) -> Int? {
        #if os(Linux)
            let wanted = connections + 256
            let now = examprep_raise_open_files(wanted)
            guard now >= 0 else { return nil }
            if now < wanted {
                warn(
                    "the open-file limit is \(now) (ulimit -n), below the \(wanted) that MAX_CONNECTIONS=\(connections) needs; "
                        + "connections past it are refused: raise the hard limit the server starts with (the engine's or the service's "
                        + "open-file limit, see docs/OPERATIONS.md) or lower MAX_CONNECTIONS"
                )
            }
            return now
        #else
            return nil
        #endif
    }

    /// Lowers the calling thread's priority (Linux schedules threads one by one): hashing
    /// threads then give way to the threads that answer requests, so `/health` and other
    /// cheap requests stay fast while logins keep the cores busy. Throughput is unchanged:
    /// the hashing threads get every cycle nobody else wants.
    ///
    /// Not the idle scheduling class (`SCHED_IDLE`), which gives way at once where `nice` waits
    /// for the end of a time slice: a thread started from a hashing thread (the concurrency
    /// runtime starts one when a hashing thread resumes a waiting task and the pool is short of
    /// threads) inherits its class, as POSIX threads do, and a worker of the cooperative pool in
    /// the idle class starves whenever the machine is busy. Tried in the 5,000-student exam
    /// hour, it held a test's sweep of overdue logins for four minutes on a loaded CI machine.
    ///
    /// And the longest time slice Linux gives (`hashingSlice`; 6.12 and later read a normal
    /// thread's `sched_runtime` as its slice, older kernels ignore it): a thread that wakes up
    /// with a shorter slice (the server's others and PostgreSQL's processes, at the default
    /// 1.4 ms on two cores) and is owed time takes the core from a hashing thread at once,
    /// instead of at the end of the hashing thread's own slice; a thread a hashing thread
    /// starts gets the default slice back.
    static func lowerCurrentThreadPriority() {
        #if os(Linux)
            _ = examprep_lower_thread_priority(hashingNiceness)
            _ = examprep_set_thread_slice(UInt64(hashingSlice / .nanoseconds(1)))
        #endif
    }

    /// The time slice of the hashing threads: the longest Linux gives.
    static let hashingSlice = Duration.milliseconds(100)

    /// The calling thread's time slice as the kernel reports it (the default, 1.4 ms on two
    /// cores, unless set); nil before Linux 6.12 (no slice of a thread's own) or off Linux.
    static var currentThreadSlice: Duration? {
        #if os(Linux)
            let slice = examprep_thread_slice()
            return slice > 0 ? .nanoseconds(slice) : nil
        #else
            nil
        #endif
    }

    /// The nice value of the hashing threads.
    static let hashingNiceness: Int32 = 10

    /// The calling thread's nice value; nil where threads have none of their own.
    static var currentThreadNiceness: Int32? {
        #if os(Linux)
            examprep_thread_niceness()
        #else
            nil
        #endif
    }
}
