import Foundation

/// The PostgreSQL programs the embedded cluster needs, found on this machine.
public struct PostgresBinaries: Sendable, Hashable {
    /// The folder the programs were taken from (symbolic links resolved).
    public let directory: URL
    public let initdb: URL
    public let pgCtl: URL
    /// Used to create the application database; optional because some installs ship only the server.
    public let createdb: URL?
    /// Used to set up the application's role; optional for the same reason.
    public let psql: URL?

    /// Finds the binaries.
    ///
    /// - Parameter candidates: folders to search, in order. `nil` searches the machine:
    ///   every `$PATH` entry, then `pg_config --bindir`, then `/usr/lib/postgresql/*/bin`
    ///   (highest version first). Tests pass an explicit list.
    /// - Throws: `EmbeddedPostgresError.binariesNotFound` when no folder holds both `initdb` and `pg_ctl`.
    public static func locate(candidates: [URL]? = nil) async throws -> PostgresBinaries {
        let folders: [URL]
        if let candidates {
            folders = candidates
        } else {
            folders = await defaultSearchDirectories()
        }
        for folder in folders {
            if let found = binaries(in: folder) { return found }
        }
        throw EmbeddedPostgresError.binariesNotFound(searched: folders.map(\.path))
    }

    /// `$PATH`, then `pg_config --bindir`, then `/usr/lib/postgresql/*/bin` by descending version.
    public static func defaultSearchDirectories() async -> [URL] {
        var folders: [URL] = []
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for entry in path.split(separator: ":") where !entry.isEmpty {
            folders.append(URL(fileURLWithPath: String(entry), isDirectory: true))
        }
        if let bindir = await pgConfigBindir(searchPath: folders) {
            folders.append(bindir)
        }
        folders.append(contentsOf: debianVersionDirectories())
        return folders
    }

    // MARK: - Helpers

    /// The binaries in `folder`, or nil when `initdb` or `pg_ctl` is missing there.
    /// A folder of symbolic links (such as `/usr/local/bin`) is followed to the real one,
    /// where the companion programs (`createdb`) live.
    static func binaries(in folder: URL) -> PostgresBinaries? {
        guard let initdb = executable("initdb", in: folder), let pgCtl = executable("pg_ctl", in: folder) else {
            return nil
        }
        let realDirectory = pgCtl.resolvingSymlinksInPath().deletingLastPathComponent()
        let createdb = executable("createdb", in: realDirectory) ?? executable("createdb", in: folder)
        let psql = executable("psql", in: realDirectory) ?? executable("psql", in: folder)
        return PostgresBinaries(
            directory: realDirectory,
            initdb: initdb.resolvingSymlinksInPath(),
            pgCtl: pgCtl.resolvingSymlinksInPath(),
            createdb: createdb?.resolvingSymlinksInPath(),
            psql: psql?.resolvingSymlinksInPath()
        )
    }

    static func executable(_ name: String, in folder: URL) -> URL? {
        let candidate = folder.appendingPathComponent(name, isDirectory: false)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
            !isDirectory.boolValue,
            FileManager.default.isExecutableFile(atPath: candidate.path)
        else { return nil }
        return candidate
    }

    private static func pgConfigBindir(searchPath: [URL]) async -> URL? {
        guard let pgConfig = searchPath.lazy.compactMap({ executable("pg_config", in: $0) }).first else { return nil }
        guard let result = try? await ProcessRunner(runAsUser: nil).run(pgConfig, ["--bindir"]),
            result.status == 0
        else { return nil }
        let path = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : URL(fileURLWithPath: path, isDirectory: true)
    }

    /// `/usr/lib/postgresql/<version>/bin`, highest version first (Debian and Ubuntu layout).
    private static func debianVersionDirectories() -> [URL] {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql", isDirectory: true)
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return
            versions
            .sorted { versionKey($0).lexicographicallyPrecedes(versionKey($1)) }
            .reversed()
            .map { root.appendingPathComponent($0, isDirectory: true).appendingPathComponent("bin", isDirectory: true) }
    }

    /// "9.6" → [9, 6], "15" → [15]: numeric, so 15 sorts above 9.6.
    private static func versionKey(_ name: String) -> [Int] {
        name.split(separator: ".").map { Int($0) ?? -1 }
    }
}
