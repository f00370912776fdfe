import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session in one JSON file, for Linux and command-line tools: the file is `0600`, its
/// folder `0700`, and every write is atomic (a temporary file, then `rename`), so a crash
/// mid-write leaves the old session or the new one, never half of one. A file that is
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
        let data = try SessionCoding.encode(session)
        let directory = fileURL.deletingLastPathComponent()
        try createDirectory(directory)
        let temporary = directory.appending(path: ".\(fileURL.lastPathComponent).\(UUID().uuidString).tmp").path(percentEncoded: false)
        let destination = fileURL.path(percentEncoded: false)

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw SessionStoreError.file(operation: "create", path: temporary, errno: errno) }
        do {
            defer { close(fd) }
            // The umask may only narrow the mode; make it exactly 0600 anyway.
            guard fchmod(fd, 0o600) == 0 else { throw SessionStoreError.file(operation: "protect", path: temporary, errno: errno) }
            try writeAll(data, to: fd, path: temporary)
            guard fsync(fd) == 0 else { throw SessionStoreError.file(operation: "sync", path: temporary, errno: errno) }
        } catch {
            unlink(temporary)
            throw error
        }
        guard rename(temporary, destination) == 0 else {
            let code = errno
            unlink(temporary)
            throw SessionStoreError.file(operation: "replace", path: destination, errno: code)
        }
    }

    public func remove() throws {
        let path = fileURL.path(percentEncoded: false)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw SessionStoreError.file(operation: "delete", path: path, errno: errno)
        }
    }

    /// Waits (without blocking a thread: it tries every 10 ms) for the exclusive lock, for at
    /// most `timeout`.
    public func lockAcrossProcesses() async throws -> any SessionStoreLock {
        try await lockAcrossProcesses(timeout: .seconds(30))
    }

    func lockAcrossProcesses(timeout: Duration) async throws -> any SessionStoreLock {
        let directory = fileURL.deletingLastPathComponent()
        try createDirectory(directory)
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

    private func createDirectory(_ directory: URL) throws {
        let path = directory.path(percentEncoded: false)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SessionStoreError.file(operation: "create the folder", path: path, errno: EACCES)
        }
        // createDirectory applies the umask; the session's folder is the user's alone.
        guard chmod(path, 0o700) == 0 else { throw SessionStoreError.file(operation: "protect", path: path, errno: errno) }
    }

    private func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw SessionStoreError.file(operation: "write", path: path, errno: errno)
                }
                offset += written
            }
        }
    }
}

/// A held `flock`; closing the descriptor releases it.
private struct FileLock: SessionStoreLock {
    let descriptor: Int32

    func release() {
        close(descriptor)
    }
}
