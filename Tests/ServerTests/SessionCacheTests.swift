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
@Suite("Session cache across replicas", .hangGuard)
struct SessionCacheTests {
    /// Replicas that remember a session for an hour: only PostgreSQL's notification, or the
    /// loss of the connection that listens for it, can make one forget it within the test.
    static func longMemory(_ database: PostgresConfiguration) -> (inout AppConfiguration) -> Void {
        { configuration in
            configuration.database = .external(database)
            configuration.sessionCacheSeconds = 3600
        }
    }

    /// The process ids of the backends that listen for ended sessions on `database`.
    static func listeners(_ pool: PostgresPool) async throws -> [Int32] {
        try await pool.query(
            """
            SELECT pid FROM pg_stat_activity
            WHERE application_name = \(PostgresListener.applicationName) AND datname = current_database()
              AND pid <> pg_backend_pid()
            """
        ).map { try $0.decode("pid", as: Int32.self) }
    }

    @Test func aLogoutOnOneReplicaEndsTheTokenOnAnotherLongBeforeItsCachedSessionExpires() async throws {
        let database = try await TestDatabase.makeDatabase()
        try await TestServer.run(configure: Self.longMemory(database)) { first in
            try await TestServer.run(configure: Self.longMemory(database)) { second in
                let login = try await first.signUp(uniqueEmail(), role: .faculty)
                // Both replicas have seen the session open (and remember it for an hour).
                try await first.get(APIPaths.me, token: login.token).expect(.ok)
                try await second.get(APIPaths.me, token: login.token).expect(.ok)
                try await second.get(APIPaths.me, token: login.token).expect(.ok)

                try await first.post(APIPaths.logout, json: LogoutRequest(), token: login.token).expect(.ok)
                try await first.get(APIPaths.me, token: login.token).expect(.unauthorized)
                // The notification reaches the other replica within milliseconds
                // (scripts/cluster-test measures it); here it is enough that it comes at all,
                // since the replica would otherwise serve the session for an hour.
                var statuses: [Int] = []
                try await eventually("the other replica to refuse the token; it answered \(statuses.count) requests") {
                    statuses.append(try await second.get(APIPaths.me, token: login.token).status.code)
                    return statuses.last == 401
                }
                #expect(Set(statuses).isSubset(of: [200, 401]), "\(statuses)")
            }
        }
    }

    /// A browser's requests may reach any replica: each remembers the session behind its cookie.
    @Test func aBrowserSessionEndedOrGivenANewTokenOnOneReplicaIsRefusedByAnother() async throws {
        let database = try await TestDatabase.makeDatabase()
        try await TestServer.run(configure: Self.longMemory(database)) { first in
            try await TestServer.run(configure: Self.longMemory(database)) { second in
                func signedIn() async throws -> (first: TestBrowser, second: TestBrowser) {
                    let email = uniqueEmail("web")
                    try await first.register(email, role: .student).expect(.created)
                    var browser = TestBrowser(first)
                    try await browser.get("/login").expect(.ok)
                    try await browser.post("/login", [("email", email), ("password", "correct horse battery")]).expect(.seeOther)
                    try await browser.get("/courses").expect(.ok)
                    var elsewhere = TestBrowser(second)
                    elsewhere.cookies = browser.cookies
                    try await elsewhere.get("/courses").expect(.ok)
                    try await elsewhere.get("/courses").expect(.ok)
                    return (browser, elsewhere)
                }
                func refusedElsewhere(_ browser: TestBrowser, _ what: String) async throws {
                    var browser = browser
                    var statuses: [Int] = []
                    try await eventually("the other replica to refuse the cookie after \(what); it answered \(statuses.count) requests") {
                        statuses.append(try await browser.get("/courses").status.code)
                        return statuses.last == 303
                    }
                    #expect(Set(statuses).isSubset(of: [200, 303]), "\(statuses)")
                }

                var (signedOut, elsewhere) = try await signedIn()
                try await signedOut.post("/logout", []).expect(.seeOther)
                try await refusedElsewhere(elsewhere, "signing out")

                // A session's cookie token replaced (as when an app's web view signs in as the
                // app's session): the old token stops working everywhere.
                (_, elsewhere) = try await signedIn()
                try await PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test")).whileRunning { pool in
                    let replaced = try await pool.execute(
                        "UPDATE sessions SET web_token_hash = sha256(gen_random_uuid()::text::bytea) WHERE revoked_at IS NULL AND web_token_hash IS NOT NULL"
                    )
                    #expect(replaced == 1)
                }
                try await refusedElsewhere(elsewhere, "a new token")
            }
        }
    }

    @Test func aLostNotificationCannotKeepAnEndedSessionAlive() async throws {
        let database = try await TestDatabase.makeDatabase()
        try await TestServer.run(configure: Self.longMemory(database)) { server in
            let login = try await server.signUp(uniqueEmail(), role: .faculty)
            try await server.get(APIPaths.me, token: login.token).expect(.ok)
            try await PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test")).whileRunning { pool in
                var listener: Int32?
                try await eventually("the server to listen for ended sessions") {
                    listener = try await Self.listeners(pool).first
                    return listener != nil
                }
                // The listening connection goes away (waiting until its backend has exited)...
                let terminated = try await pool.query("SELECT pg_terminate_backend(\(listener!), 10000) AS gone")
                #expect(try terminated.map { try $0.decode("gone", as: Bool.self) } == [true])
                #expect(try await !Self.listeners(pool).contains(listener!))
                // ...and the session ends meanwhile: its notification is sent to nobody.
                #expect(try await pool.execute("UPDATE sessions SET revoked_at = now() WHERE revoked_at IS NULL") == 1)
                // Once the server listens again, nothing it remembered from before counts.
                try await eventually("the server to listen again") {
                    try await !Self.listeners(pool).filter { $0 != listener }.isEmpty
                }
            }
            let reply = try await server.get(APIPaths.me, token: login.token)
            #expect(reply.status == .unauthorized, "the ended session was still served: \(reply.text)")
        }
    }
}
