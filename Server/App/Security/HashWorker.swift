import CProcess

/// The calling hashing thread's helper process (`Server/CProcess/hash_worker.c`): libcrypt's
/// work leaves the server's process for one started from the same binary, at nice 19 in a
/// session of its own. Linux shares busy cores between scheduling groups first (each session
/// is one where it groups by session, as it does by default outside containers and services),
/// so in the server's own group a login surge's hashing, at any nice value, still weighs as
/// much as each PostgreSQL process; in a group of its own at nice 19 it takes only the cores
/// that the requests, PostgreSQL and everything else leave idle. Under a container's or a
/// service's CPU group, where sessions are not groups, nice 19 puts it behind the server's own
/// threads. A thread without a helper (it could not be started) hashes in the server itself.
enum HashWorker {
    /// Starts the calling thread's helper; false when it could not be started.
    @discardableResult
    static func start() -> Bool {
        examprep_hash_worker_start() == 0
    }

    /// Stops the calling thread's helper.
    static func stop() {
        examprep_hash_worker_stop()
    }

    /// The process id of the calling thread's helper, if it has one.
    static var processID: Int32? {
        let pid = examprep_hash_worker_pid()
        return pid > 0 ? pid : nil
    }
}
