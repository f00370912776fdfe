import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session in one JSON file, for Linux and command-line tools: the file is `0600`, its
/// folder `0700`, and every write is atomic (`PrivateFile`), so a crash mid-write leaves the
/// old session or the new one, never half of one. A file that is
/// missing, unreadable or corrupt reads as signed out.
///
/// Several processes may share the file (two `examprep` commands at once): a refresh holds
/// an exclusive lock on a companion file (`flock` on `.session.json.lock`), and the
/// session is read again once the lock is held.
public struct FileSessionStore: SharedSessionStore {
    public let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    public init(directory: URL, fileName: String = "session.json") {
        self.init(fileURL: directory.appending(path: fileName, directoryHint: .notDirectory))
    }

    /// The user's config folder for ExamPrep: `$EXAMPREP_CONFIG_DIR`, else
    /// `$XDG_CONFIG_HOME/examprep`, else `~/.config/examprep`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let dir = environment["EXAMPREP_CONFIG_DIR"], !dir.isEmpty {
            return URL(filePath: dir, directoryHint: .isDirectory)
        }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return URL(filePath: xdg, directoryHint: .isDirectory).appending(path: "examprep", directoryHint: .isDirectory)
        }
        let home = URL(filePath: environment["HOME"] ?? NSHomeDirectory(), directoryHint: .isDirectory)
        return home.appending(path: ".config/examprep", directoryHint: .isDirectory)
    }

    public func load() -> AuthSession? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return SessionCoding.decode(data)
    }

    public func store(_ session: AuthSession) throws {
        try PrivateFile.save(try SessionCoding.encode(session), to: fileURL)
    }

    public func remove() throws {
        try PrivateFile.remove(fileURL)
    }

    /// Waits (without blocking a thread: it tries every 10 ms) for the exclusive lock, for at
    /// most `timeout`.
    public func lockAcrossProcesses() async throws -> any SessionStoreLock {
        try await lockAcrossProcesses(timeout: .seconds(30))
    }

    func lockAcrossProcesses(timeout: Duration) async throws -> any SessionStoreLock {
        let directory = fileURL.deletingLastPathComponent()
        try PrivateFile.createDirectory(directory)
        let path = directory.appending(path: ".\(fileURL.lastPathComponent).lock").path(percentEncoded: false)
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SessionStoreError.file(operation: "open the lock", path: path, errno: errno) }
        let deadline = ContinuousClock.now + timeout
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                let code = errno == EWOULDBLOCK ? ETIMEDOUT : errno
                close(fd)
                throw SessionStoreError.file(operation: "lock", path: path, errno: code)
            }
            do {
                try await Task.sleep(for: .milliseconds(10))
            } catch {
                close(fd)
                throw error
            }
        }
        return FileLock(descriptor: fd)
    }
}

/// A held `flock`; closing the descriptor releases it.
private struct FileLock: SessionStoreLock {
    let descriptor: Int32

    func release() {
        close(descriptor)
    }
}
