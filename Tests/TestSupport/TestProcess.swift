import ExamPrepEmbeddedPostgres
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program the tests run beside themselves (the CLI, the server, Python helpers), started
/// with `posix_spawn` and reaped with `waitpid`.
///
/// Why not Foundation's `Process`: on Linux (swift-corelibs-foundation of Swift 6.3) its `run()`
/// copies each `/proc/self/fd` entry's name as a whole 256-byte field, and when a short entry
/// ends next to an unmapped page the test process dies (`memmove` in `Process.run`). It needs
/// no second thread, so a lock around `run()` did not help; the whole suite crashed on it.
public final class TestProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream {
        /// The test process's own.
        case inherit
        /// `/dev/null`.
        case null
        /// An open file (its descriptor is duplicated; the caller keeps and closes the handle).
        case file(FileHandle)
        /// One end of a pipe: the child's end is closed here once it has started, so reading
        /// the other end sees the end of the file when the child exits.
        case pipe(Pipe)
    }

    /// The child's process id.
    public let processIdentifier: pid_t
    /// The wait status once the child has been reaped.
    private let reaped = Mutex<Int32?>(nil)

    private init(processIdentifier: pid_t) {
        self.processIdentifier = processIdentifier
    }

    /// Starts `executable` with `arguments`, in `directory`, with `environment` (the test
    /// process's own when nil).
    public static func launch(
        _ executable: URL, arguments: [String] = [], environment: [String: String]? = nil, directory: URL? = nil,
        input: Stream = .inherit, output: Stream = .inherit, error: Stream = .inherit
    ) throws -> TestProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (stream, target, reading) in [(input, Int32(0), true), (output, Int32(1), false), (error, Int32(2), false)] {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", reading ? O_RDONLY : O_WRONLY, 0)
            case .file(let handle): posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
            case .pipe(let pipe):
                let end = reading ? pipe.fileHandleForReading : pipe.fileHandleForWriting
                posix_spawn_file_actions_adddup2(&actions, end.fileDescriptor, target)
            }
        }
        if let directory { SpawnFileActions.addChdir(&actions, directory.path) }
        SpawnFileActions.closeDescriptorsAboveStandardError(&actions)

        let path = executable.path
        let argv = ([path] + arguments).map { strdup($0) }
        let envp = (environment ?? ProcessInfo.processInfo.environment).map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let status = (argv + [nil]).withUnsafeBufferPointer { argvBuffer -> Int32 in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer -> Int32 in
                guard let argvBase = argvBuffer.baseAddress, let envpBase = envpBuffer.baseAddress else { return EINVAL }
                return posix_spawn(&pid, path, &actions, nil, argvBase, envpBase)
            }
        }
        guard status == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: path, "reason": String(cString: strerror(status))])
        }
        // The child holds its own copies now; the parent's copies of the child's pipe ends go.
        if case .pipe(let pipe) = input { try? pipe.fileHandleForReading.close() }
        for stream in [output, error] {
            if case .pipe(let pipe) = stream { try? pipe.fileHandleForWriting.close() }
        }
        return TestProcess(processIdentifier: pid)
    }

    /// Whether the child still runs (it is reaped, without blocking, once it has ended).
    public var isRunning: Bool {
        reaped.withLock { reaped in
            guard reaped == nil else { return false }
            var status: Int32 = 0
            switch waitpid(processIdentifier, &status, WNOHANG) {
            case 0: return true
            case processIdentifier:
                reaped = status
                return false
            default:
                if errno == EINTR { return true }
                reaped = -1  // not our child any more: nothing to wait for
                return false
            }
        }
    }

    /// The exit code, or the number of the signal that ended the child (as Foundation's
    /// `Process` says it); -1 while it runs.
    public var terminationStatus: Int32 {
        guard !isRunning, let status = reaped.withLock({ $0 }) else { return -1 }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    /// Sends SIGTERM.
    public func terminate() {
        if isRunning { kill(processIdentifier, SIGTERM) }
    }

    /// Blocks the calling thread until the child has ended (for children that end by
    /// themselves in moments: a converter, a script).
    public func waitUntilExit() {
        while isRunning { usleep(2_000) }
    }
}
