import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file only its user may read, in a folder only its user may enter, written atomically:
/// a temporary file (`0600`, synced), then `rename`. A crash mid-write leaves the old
/// contents or the new, never half. The session store and the answer queue keep their files so.
enum PrivateFile {
    static func save(_ data: Data, to fileURL: URL) throws {
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

    /// Deletes the file; one that is not there is fine.
    static func remove(_ fileURL: URL) throws {
        let path = fileURL.path(percentEncoded: false)
        guard unlink(path) == 0 || errno == ENOENT else {
            throw SessionStoreError.file(operation: "delete", path: path, errno: errno)
        }
    }

    /// Creates the folder (and its parents) for its user alone (`0700`), unless it exists.
    static func createDirectory(_ directory: URL) throws {
        let path = directory.path(percentEncoded: false)
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw SessionStoreError.file(operation: "create the folder", path: path, errno: EACCES)
        }
        // createDirectory applies the umask; the folder is the user's alone.
        guard chmod(path, 0o700) == 0 else { throw SessionStoreError.file(operation: "protect", path: path, errno: errno) }
    }

    private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
        try data.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw SessionStoreError.file(operation: "write", path: path, errno: errno)
                }
                offset += written
            }
        }
    }
}
