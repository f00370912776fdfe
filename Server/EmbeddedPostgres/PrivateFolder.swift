import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folders only PostgreSQL's user may enter: where its socket lives, anyone who can enter
/// can connect (the socket trusts its users), so such a folder is made fresh and checked.
enum PrivateFolder {
    /// A new folder with a random name in the system's temporary folder, mode 0700
    /// (`mkdtemp`: it fails rather than reuse a folder that exists).
    static func makeTemporary(prefix: String) throws -> URL {
        var template = Array((FileManager.default.temporaryDirectory.path + "/\(prefix)XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw EmbeddedPostgresError.fileSystem("cannot create a private socket folder: \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: String(cString: made), isDirectory: true)
    }

    /// Makes `url` a folder if it is missing (mode 0700).
    static func create(_ url: URL) throws {
        if mkdir(url.path, 0o700) != 0, errno != EEXIST {
            throw EmbeddedPostgresError.fileSystem("cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
    }

    /// Throws `notPrivate` unless `url` is a real folder (not a link) owned by `owner` that
    /// nobody else may enter.
    static func verify(_ url: URL, owner: uid_t) throws {
        var info = stat()
        guard lstat(url.path, &info) == 0 else {
            throw EmbeddedPostgresError.fileSystem("cannot inspect \(url.path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw EmbeddedPostgresError.notPrivate(path: url.path, reason: "it is not a folder")
        }
        guard info.st_uid == owner else {
            throw EmbeddedPostgresError.notPrivate(path: url.path, reason: "it belongs to uid \(info.st_uid), not \(owner)")
        }
        guard info.st_mode & 0o077 == 0 else {
            throw EmbeddedPostgresError.notPrivate(
                path: url.path, reason: "its mode is \(String(info.st_mode & 0o777, radix: 8)), which lets others in")
        }
    }
}
