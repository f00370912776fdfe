import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

/// Hole 1: a local user could plant the predictable socket folder of a long data path and
/// connect as a superuser. The socket folder is now private and fresh, the socket 0700, and
/// the server's role no superuser.
@Suite("Abuse: the embedded PostgreSQL's socket", .hangGuard)
struct EmbeddedSocketTests {
    static let logger = quietLogger("abuse.embedded")

    static let fast = ["fsync": "off", "synchronous_commit": "off", "full_page_writes": "off"]

    /// The folder the first version of the server derived from the data path.
    static func predictableFolder(for root: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in root.standardizedFileURL.path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "/tmp/examprep-\(String(hash, radix: 16))"
    }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func aPlantedSocketFolderIsNeverUsedAndTheServersRoleIsNoSuperuser() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-abuse-\(UUID().uuidString.prefix(8))")
        let data = folder.appending(path: String(repeating: "d", count: 120))
        defer { try? FileManager.default.removeItem(at: folder) }
        let planted = Self.predictableFolder(for: data)
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true)
        chmod(planted, 0o777)
        defer { try? FileManager.default.removeItem(atPath: planted) }

        let cluster = EmbeddedPostgres(dataDirectory: data, settings: Self.fast, logger: Self.logger)
        let endpoint = try await cluster.start()
        do {
            #expect(endpoint.socketDirectory != planted)
            #expect(try FileManager.default.contentsOfDirectory(atPath: planted).isEmpty, "nothing was put in the planted folder")
            #expect(try Self.mode(endpoint.socketDirectory) == 0o700)
            #expect(try Self.mode("\(endpoint.socketDirectory)/.s.PGSQL.\(endpoint.port)") & 0o077 == 0)

            let configuration = PostgresConfiguration(
                socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database)
            try await PostgresPool(configuration: configuration, maxConnections: 1, logger: Self.logger).whileRunning { pool in
                let role = try await pool.query("SELECT rolsuper FROM pg_roles WHERE rolname = current_user").single().decode(
                    0, as: Bool.self)
                #expect(role == false)
                // What a superuser could do, the server's role cannot.
                await #expect {
                    try await pool.execute("COPY (SELECT 1) TO PROGRAM 'true'")
                } throws: { ($0 as? PostgresError)?.sqlState == "42501" }
                // The role owns its database: enough for the migrations.
                try await pool.execute("CREATE TABLE owned_here (n int)")
            }
            let hba = try String(contentsOf: data.appending(path: "pgdata/pg_hba.conf"), encoding: .utf8)
            let rules = hba.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(rules == ["local all all trust"], "no TCP lines")
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
        #expect(!FileManager.default.fileExists(atPath: endpoint.socketDirectory))
    }

    @Test func aRunningClusterWhoseSocketFolderWasOpenedToOthersIsRefused() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-abuse-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cluster = EmbeddedPostgres(dataDirectory: folder, settings: Self.fast, logger: Self.logger)
        let endpoint = try await cluster.start()
        chmod(endpoint.socketDirectory, 0o777)
        await #expect {
            _ = try await EmbeddedPostgres(dataDirectory: folder, settings: Self.fast, logger: Self.logger).start()
        } throws: { error in
            guard case .notPrivate(let path, _) = error as? EmbeddedPostgresError else { return false }
            return path == endpoint.socketDirectory
        }
        chmod(endpoint.socketDirectory, 0o700)
        try await cluster.stop()
    }
}
