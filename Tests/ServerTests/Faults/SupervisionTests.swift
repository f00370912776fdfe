import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// `kill -9` of the embedded postmaster under a running server: the server keeps
/// answering (`/health` 200, database routes 503 with `Retry-After`, never a hang or a 500)
/// and its supervisor starts PostgreSQL again, after which `/ready` is 200 and writes work.
@Suite("Faults: the embedded PostgreSQL is supervised", .hangGuard)
struct SupervisionTests {
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
            // A request must never hang: each is answered within the server's own bounds (the
            // test client's patience), 200 or 503.
            var statuses: [Int] = []
            try await eventually("a new postmaster with the server ready on it", within: .seconds(120), every: .milliseconds(100)) {
                let health = try await server.get(APIPaths.health)
                #expect(health.status == .ok)
                let courses = try await server.get(APIPaths.facultyCourses, token: faculty.token)
                statuses.append(courses.status.code)
                if courses.status == .serviceUnavailable { #expect(courses.headers[.retryAfter] != nil) }
                let ready = try await server.get(APIPaths.ready).status == .ok
                return ready && currentPID() != pid
            }
            #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(statuses)")
            // Writes work again (the pool replaced its broken connections).
            try await server.register(uniqueEmail(), role: .student).expect(.created)
            _ = try await server.createCourse("After the crash", token: faculty.token)
        }
    }
}
