import ExamPrepPostgres
import ExamPrepTestSupport
import Foundation
import Testing

/// A lease's work runs on the lease lane's threads, from the grant to the return, and the
/// caller goes on where it was before.
@Suite("Lease lane", .hangGuard, .enabled(if: FileManager.default.fileExists(atPath: "/proc/thread-self/comm")))
struct LeaseLaneTests {
    /// The name of the thread running the caller now (Linux: the kernel's name for it).
    static func threadName() -> String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? "unknown"
        return name.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("a lease's statements and the work between them run on the lane, the caller's work after it does not")
    func leaseRunsOnTheLane() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            let (before, between, after) = try await pool.withConnection { connection in
                let before = Self.threadName()
                _ = try await connection.query("SELECT 1")
                let between = Self.threadName()
                _ = try await connection.query("SELECT 2")
                return (before, between, Self.threadName())
            }
            for name in [before, between, after] {
                #expect(name.hasPrefix("db-lease-"), "ran on \(name)")
            }
            #expect(!Self.threadName().hasPrefix("db-lease-"))
        }
    }

    @Test("a lease that waited in line is served on the lane too")
    func waitedLeaseRunsOnTheLane() async throws {
        try await TestPools.withPool(maxConnections: 1) { pool in
            let release = Gate()
            let holders = try await PoolTests.hold(1, of: pool, until: release)
            let waiting = Task { try await pool.withConnection { _ in Self.threadName() } }
            try await eventually("1 waiting lease") { pool.statistics.waiting == 1 }
            release.open()
            for holder in holders { _ = try await holder.value }
            let name = try await waiting.value
            #expect(name.hasPrefix("db-lease-"), "ran on \(name)")
        }
    }
}
