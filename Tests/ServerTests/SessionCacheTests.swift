import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Replicas remember open sessions to spare a round trip per request; ending a session must
/// still end its access tokens at once: on the replica that ended it, before it answers; on
/// the others as soon as PostgreSQL's notification arrives; and never later than the next
/// check when the notification was lost.
@Suite("Session cache across replicas", .timeLimit(.minutes(3)))
struct SessionCacheTests {
    @Test func aLogoutOnOneReplicaEndsTheTokenOnAnotherWithinMilliseconds() async throws {
        let database = try await TestDatabase.makeDatabase()
        try await TestServer.run(configure: { $0.database = .external(database) }) { first in
            try await TestServer.run(configure: { $0.database = .external(database) }) { second in
                let login = try await first.signUp(uniqueEmail(), role: .faculty)
                // Both replicas have seen the session open (and remember it).
                try await first.get(APIPaths.me, token: login.token).expect(.ok)
                try await second.get(APIPaths.me, token: login.token).expect(.ok)
                try await second.get(APIPaths.me, token: login.token).expect(.ok)

                try await first.post(APIPaths.logout, json: LogoutRequest(), token: login.token).expect(.ok)
                let loggedOut = ContinuousClock.now
                try await first.get(APIPaths.me, token: login.token).expect(.unauthorized)
                var statuses: [Int] = []
                while true {
                    let status = try await second.get(APIPaths.me, token: login.token).status.code
                    statuses.append(status)
                    if status == 401 { break }
                }
                let elapsed = ContinuousClock.now - loggedOut
                // The bound of the product is 100 ms (scripts/cluster-test measures it); on a
                // loaded test machine the test only insists that it is fast.
                #expect(elapsed < .seconds(2), "the other replica still served the session for \(elapsed) (\(statuses.count) requests)")
            }
        }
    }

    @Test func aLostNotificationCannotKeepAnEndedSessionAlive() async throws {
        let database = try await TestDatabase.makeDatabase()
        try await TestServer.run(configure: {
            $0.database = .external(database)
            $0.sessionCacheSeconds = 3600  // only the lost listening, not the time to live, may help here
        }) { server in
            let login = try await server.signUp(uniqueEmail(), role: .faculty)
            try await server.get(APIPaths.me, token: login.token).expect(.ok)
            try await PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test")).whileRunning { pool in
                // The listening connection goes away...
                try await pool.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'examprep-listener' AND datname = current_database()"
                )
                // ...and a session ends meanwhile, its notification lost with it.
                try await pool.execute("UPDATE sessions SET revoked_at = now()")
            }
            while try await server.get(APIPaths.me, token: login.token).status != .unauthorized {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }
}
