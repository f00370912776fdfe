import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The unprivileged account PostgreSQL runs as when this process is root
/// (`initdb` and `postgres` refuse to run as root).
struct SystemUser: Sendable {
    let name: String
    let uid: uid_t
    let gid: gid_t

    static var isRoot: Bool { geteuid() == 0 }

    /// Looks `name` up in the user database.
    static func lookup(_ name: String) -> SystemUser? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 16 * 1024)
        let status = getpwnam_r(name, &entry, &buffer, buffer.count, &result)
        guard status == 0, result != nil else { return nil }
        return SystemUser(name: name, uid: entry.pw_uid, gid: entry.pw_gid)
    }

    /// Gives `url` to this user (not recursively: the folders are ours and new or already theirs).
    func take(_ url: URL) throws {
        guard chown(url.path, uid, gid) == 0 else {
            throw EmbeddedPostgresError.fileSystem("cannot give \(url.path) to user \(name): \(String(cString: strerror(errno)))")
        }
    }

    /// Makes sure this user can reach `url` by adding search permission (`o+x`, never read)
    /// to any ancestor folder that lacks it. Returns the folders changed, for the log.
    func ensureTraversable(_ url: URL) throws -> [String] {
        var changed: [String] = []
        var ancestors: [String] = []
        var current = url.standardizedFileURL.deletingLastPathComponent()
        while current.path != "/" && !current.path.isEmpty {
            ancestors.append(current.path)
            current = current.deletingLastPathComponent()
        }
        for path in ancestors.reversed() {
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            let mode = info.st_mode
            let searchable: Bool
            if info.st_uid == uid {
                searchable = mode & S_IXUSR != 0
            } else if info.st_gid == gid {
                searchable = mode & S_IXGRP != 0
            } else {
                searchable = mode & S_IXOTH != 0
            }
            if searchable { continue }
            guard chmod(path, (mode & 0o7777) | S_IXOTH) == 0 else {
                throw EmbeddedPostgresError.fileSystem(
                    "user \(name) cannot reach \(url.path): \(path) is not searchable and chmod o+x failed: \(String(cString: strerror(errno)))"
                )
            }
            changed.append(path)
        }
        return changed
    }
}
