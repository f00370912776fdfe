import ExamPrepTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal for tests: a tmux server of its own (its own socket), one session running a
/// command, keys typed with `send-keys`, the screen read with `capture-pane`.
struct Tmux: Sendable {
    let socket = "examprep-test-\(UUID().uuidString.prefix(8))"

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `command` in a new session `name` (120×50) with `environment`; when the command
    /// ends, the pane shows `[exit N]` and stays for reading.
    func start(_ name: String, command: [String], environment: [String: String]) async throws {
        var arguments = ["new-session", "-d", "-s", name, "-x", "120", "-y", "50"]
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        arguments += ["sh", "-c", #""$0" "$@"; echo "[exit $?]"; sleep 600"#] + command
        try await run(arguments)
    }

    /// Types `text` literally, then presses Enter unless told not to.
    func type(_ text: String, into name: String, enter: Bool = true) async throws {
        if !text.isEmpty { try await run(["send-keys", "-t", name, "-l", text]) }
        if enter { try await run(["send-keys", "-t", name, "Enter"]) }
    }

    func press(_ key: String, in name: String) async throws {
        try await run(["send-keys", "-t", name, key])
    }

    /// The session's screen and scrollback, wrapped lines joined.
    func capture(_ name: String) async throws -> String {
        try await run(["capture-pane", "-p", "-J", "-S", "-", "-t", name])
    }

    /// Waits until the screen satisfies `condition` (the program answers within moments;
    /// the limit only stops a broken test from hanging).
    @discardableResult
    func waitFor(_ name: String, limit: Duration = defaultWaitLimit, _ condition: @Sendable (String) -> Bool) async throws -> String {
        var screen = ""
        try await eventually("the terminal to show what was expected; it shows:\n\(screen)", within: limit, every: .milliseconds(100)) {
            screen = try await capture(name)
            return condition(screen)
        }
        return screen
    }

    @discardableResult
    func waitFor(_ name: String, text: String) async throws -> String {
        try await waitFor(name) { $0.contains(text) }
    }

    /// Ends the tmux server and removes its socket (tmux leaves the file behind).
    func killServer() async {
        _ = try? await run(["kill-server"])
        try? FileManager.default.removeItem(atPath: "/tmp/tmux-\(getuid())/\(socket)")
    }

    /// Whether the tmux server still runs (it answers `list-sessions`).
    func isRunning() async -> Bool {
        (try? await run(["list-sessions"])) != nil
    }

    /// Runs tmux with `arguments` and returns what it printed.
    ///
    /// Not with Foundation's `Process`: on Linux it learns that a child ended when a socket
    /// the child inherited closes, and `new-session` forks the tmux server, which would keep
    /// that socket (and any other descriptor it inherits) open for as long as it lives. So
    /// tmux is started with `posix_spawn` through bash (dash cannot name descriptors above 9),
    /// which first closes every descriptor above 2, and its end is polled with `waitpid`.
    @discardableResult
    private func run(_ arguments: [String]) async throws -> String {
        let outputURL = FileManager.default.temporaryDirectory.appending(path: "examprep-tmux-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let pid = try spawn(
            ["/bin/bash", "-c", Self.closeInheritedDescriptors, "bash", "/usr/bin/tmux", "-L", socket] + arguments, output: outputURL.path)
        let status = try await exitStatus(of: pid, "tmux \(arguments.first ?? "")")
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        // Exited normally with code 0 (the wait status of `exit(0)` is 0).
        guard status == 0 else { throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(text)") }
        return text
    }

    /// The wait status of the child `pid`, polled without blocking: a tmux command ends in
    /// moments, and one that does not is killed when the wait gives up or the test is cancelled.
    private func exitStatus(of pid: pid_t, _ what: String) async throws -> Int32 {
        var status: Int32 = 0
        do {
            try await eventually("\(what) to exit", every: .milliseconds(2)) {
                let result = waitpid(pid, &status, WNOHANG)
                if result == -1, errno != EINTR { throw Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
                return result == pid
            }
        } catch {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) == -1, errno == EINTR {}
            throw error
        }
        return status
    }

    /// Closes bash's descriptors above 2, then runs its arguments.
    private static let closeInheritedDescriptors = #"""
        for f in /proc/$$/fd/*; do n=${f##*/}; if [ "$n" -gt 2 ]; then eval "exec $n<&-"; fi; done; exec "$@"
        """#

    private func spawn(_ argv: [String], output: String) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let environment = ["PATH=/usr/local/bin:/usr/bin:/bin", "TERM=xterm-256color", "LANG=C.UTF-8"]
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        // The calling thread (a worker of Swift's concurrency pool) blocks most signals, and a
        // child inherits its mask: tmux would never see SIGCHLD or act on kill-server. Start
        // it with no signal blocked and the usual signals at their defaults.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let result = posix_spawn(&pid, argv[0], &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else { throw Failure(description: "could not start \(argv[0]): error \(result)") }
        return pid
    }
}
