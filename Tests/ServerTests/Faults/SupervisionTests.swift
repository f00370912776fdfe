import ExamPrepShared
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// `kill -9` of the embedded postmaster under a running server: the server keeps
/// answering (`/health` 200, database routes 503 with `Retry-After`, never a hang or a 500)
/// and its supervisor starts PostgreSQL again, after which `/ready` is 200 and writes work.
@Suite("Faults: the embedded PostgreSQL is supervised", .timeLimit(.minutes(3)))
struct SupervisionTests {
    struct Hung: Error {}

    /// `body`, or `Hung` when it takes longer than `seconds` (a request must never hang).
    static func within<T: Sendable>(_ seconds: Int, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw Hung()
            }
            defer { group.cancelAll() }
            return try await group.next()!
        }
    }

    @Test func theServerOutlivesAKilledPostmasterAndRecoversUnaided() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-supervised-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await TestServer.run(configure: {
            $0.database = .embedded
            $0.dataDirectory = folder
            $0.databasePoolTimeout = .seconds(2)
        }) { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let pidFile = folder.appending(path: "postgres/pgdata/postmaster.pid")
            let pid = try #require(pid_t(try String(contentsOf: pidFile, encoding: .utf8).split(separator: "\n")[0]))
            #expect(kill(pid, SIGKILL) == 0)

            // Until a new postmaster runs and the server is ready on it (connections of the old
            // one may still answer for a moment after the kill).
            func currentPID() -> pid_t? {
                (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap { $0.split(separator: "\n").first }.flatMap { pid_t($0) }
            }
            var statuses: [Int] = []
            var ready = false
            while !ready || currentPID() == pid {
                let health = try await Self.within(20) { try await server.get(APIPaths.health) }
                #expect(health.status == .ok)
                let courses = try await Self.within(20) { try await server.get(APIPaths.facultyCourses, token: faculty.token) }
                statuses.append(courses.status.code)
                if courses.status == .serviceUnavailable { #expect(courses.headers[.retryAfter] != nil) }
                ready = try await Self.within(20) { try await server.get(APIPaths.ready) }.status == .ok
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
            // Writes work again (the pool replaced its broken connections).
            try await server.register(uniqueEmail(), role: .student).expect(.created)
            _ = try await server.createCourse("After the crash", token: faculty.token)
        }
    }
}
