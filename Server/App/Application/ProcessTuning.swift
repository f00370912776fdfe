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

    /// Puts the calling thread behind every thread that answers requests (Linux schedules
    /// threads one by one): in the idle scheduling class (`SCHED_IDLE`), where it runs only on
    /// a core nobody else wants and any other thread that wakes takes the core from it at once;
    /// where that is refused, at `nice` 10, where a thread that woke (a save's reply from
    /// PostgreSQL, say) can still wait for the end of the hashing thread's time slice. Hashing
    /// threads run so: a login surge keeps the cores busy without delaying a save, a page or
    /// `/health`, and the hashing still gets every cycle nobody else wants.
    ///
    /// A thread started from one in the idle class inherits the class, as POSIX threads do, and
    /// a worker of the concurrency runtime's pool in the idle class starves whenever the machine
    /// is busy (in CI, a test's sweep of overdue logins waited four minutes). The runtime starts
    /// such a worker from whichever thread resumes a waiting task, so a hashing thread never
    /// resumes one: `HashingQueue` hands its results to an ordinary thread (`HandoverThread`).
    static func lowerCurrentThreadPriority() {
        #if os(Linux)
            if examprep_idle_thread_policy() != 0 {
                _ = examprep_lower_thread_priority(hashingNiceness)
            }
        #endif
    }

    /// Whether the calling thread runs only when no other thread wants its core (`SCHED_IDLE`).
    static var currentThreadYieldsToAll: Bool {
        #if os(Linux)
            examprep_thread_is_idle_class() == 1
        #else
            false
        #endif
    }

    /// Names the calling thread as `ps -L`, `top -H` and `perf` show it (at most 15 bytes are
    /// kept). Foundation's `Thread.name` does not reach the system: a new thread keeps the
    /// name of the thread that started it (a worker of the concurrency runtime's pool).
    static func nameCurrentThread(_ name: String) {
        #if os(Linux)
            examprep_name_thread(name)
        #endif
    }

    /// The nice value of the hashing threads where the idle class is refused.
    static let hashingNiceness: Int32 = 10
}
