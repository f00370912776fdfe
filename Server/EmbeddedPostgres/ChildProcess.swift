import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One program run to completion, with stdin from /dev/null and stdout and stderr to a file.
///
/// Why not Foundation's `Process` on Linux: swift-corelibs-foundation notices a child's
/// exit through a socket the child inherits. `pg_ctl start` leaves the server running with
/// that socket, so `Process` would report `pg_ctl` as running for as long as the server runs.
/// Here the child is made with `posix_spawn`, every descriptor above stderr closed, and
/// reaped with `waitpid`.
struct ChildProcess: Sendable {
    var executablePath: String
    var arguments: [String]
    var environment: [String: String]
    var workingDirectory: String?
    var outputPath: String

    /// Starts the program and blocks the calling thread until it exits; returns its exit
    /// status (128 + signal number when a signal ended it).
    func runAndWait() throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // A folder that does not exist (yet) would make the spawn fail; then the child keeps ours.
        if let workingDirectory, FileManager.default.fileExists(atPath: workingDirectory) {
            SpawnFileActions.addChdir(&actions, workingDirectory)
        }
        SpawnFileActions.closeDescriptorsAboveStandardError(&actions)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        #if canImport(Darwin)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT))
        #endif

        let argv = ([executablePath] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawnStatus = (argv + [nil]).withUnsafeBufferPointer { argvBuffer in
            (envp + [nil]).withUnsafeBufferPointer { envpBuffer in
                posix_spawn(&pid, executablePath, &actions, &attributes, argvBuffer.baseAddress!, envpBuffer.baseAddress!)
            }
        }
        guard spawnStatus == 0 else {
            throw EmbeddedPostgresError.commandFailed(
                command: (executablePath as NSString).lastPathComponent, status: -1,
                output: "cannot start \(executablePath): \(String(cString: strerror(spawnStatus)))")
        }

        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) == -1 {
            guard errno == EINTR else {
                throw EmbeddedPostgresError.commandFailed(
                    command: (executablePath as NSString).lastPathComponent, status: -1,
                    output: "waitpid failed: \(String(cString: strerror(errno)))")
            }
        }
        let signal = waitStatus & 0x7f
        return signal == 0 ? (waitStatus >> 8) & 0xff : 128 + signal
    }
}
