import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("End to end: edge cases", .hangGuard)
struct EdgeCaseTests {
    @Test
    func theDuplicateEmailMessageReachesTheCaller() async throws {
        try await EndToEnd.run { server in
            let app = server.makeClient()
            let email = uniqueEmail("dup")
            try await app.account.register(email: email, password: password, role: .student)
            do {
                try await app.account.register(email: email.uppercased(), password: password, role: .student)
                Issue.record("a second registration succeeded")
            } catch let error as APIError {
                #expect(error.status == 409)
                #expect(error.code == .emailTaken)
                #expect(error.localizedDescription == "This email is already registered.")
            }
        }
    }

    @Test
    func aWrongPasswordIsInvalidCredentialsAndLeavesTheUserSignedOut() async throws {
        try await EndToEnd.run { server in
            let app = server.makeClient()
            let email = uniqueEmail("wrong")
            try await app.account.register(email: email, password: password, role: .student)
            do {
                try await app.account.login(email: email, password: "not the password")
                Issue.record("login with a wrong password succeeded")
            } catch let error as APIError {
                #expect(error.code == .invalidCredentials)
            }
            #expect(!app.account.isLoggedIn)
        }
    }

    @Test
    func aStudentCallingFacultyOperationsIsForbidden() async throws {
        try await EndToEnd.run { server in
            let app = server.makeClient()
            let email = uniqueEmail("student")
            try await app.account.signUp(email, role: .student)
            do {
                _ = try await app.faculty.create(name: "Sneaky", description: "Not allowed")
                Issue.record("a student created a course")
            } catch let error as APIError {
                #expect(error.status == 403)
                #expect(error.code == .forbidden)
            }
            #expect(app.account.isLoggedIn)
        }
    }

    @Test
    func refreshTokenReuseEndsInSessionExpired() async throws {
        try await EndToEnd.run { server in
            let app = server.makeClient()
            let events = EventLog(app.account.events)
            let email = uniqueEmail("reuse")
            try await app.account.signUp(email, role: .student)
            // Someone who copied the refresh token spends it first...
            let stolen = try #require(app.session.currentSession?.refreshToken)
            _ = try await app.api.send(.refresh(RefreshTokenRequest(refreshToken: stolen)))
            // ...so the app's own refresh is a reuse: the server ends the session.
            await #expect(throws: APIError.self) { try await app.session.refresh() }
            #expect(app.session.currentSession == nil)
            #expect(try await events.snapshot(count: 2) == [.signedIn, .sessionExpired])
            #expect(!app.account.isLoggedIn)
        }
    }

    @Test
    func tenConcurrentCallsWithAnExpiredTokenMakeOneRefresh() async throws {
        let clock = TestClock()
        try await EndToEnd.run(configure: {
            $0.clock = clock.serverClock
            $0.accessTokenLeeway = 0
        }) { server in
            // A client that trusts its token well past `exp`, so the server's 401
            // `token_expired` is what triggers the refresh.
            let app = server.makeClient(refreshLeeway: -3600)
            let email = uniqueEmail("burst")
            try await app.account.signUp(email, role: .faculty)
            clock.advance(by: 16 * 60)  // past the 15-minute access token, by the server's clock
            let refreshesBefore = try await server.requestCount(route: "/api/token/refresh")
            let session = app.session
            let results = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 {
                    group.addTask { try await session.sendAll(.facultyCourses).count }
                }
                var counts: [Int] = []
                for try await count in group { counts.append(count) }
                return counts
            }
            #expect(results == Array(repeating: 0, count: 10))
            let refreshesAfter = try await server.requestCount(route: "/api/token/refresh")
            #expect(refreshesAfter - refreshesBefore == 1)
        }
    }

    @Test
    func theSessionSurvivesAServerRestartAndIsStoredWithMode0600() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "examprep-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = FileSessionStore(directory: folder)
        let configuration = try await LiveServer.configuration()
        let email = uniqueEmail("restart")
        let address = try await EndToEnd.run(configuration) { server in
            let app = server.makeClient(store: store)
            try await app.account.signUp(email, role: .faculty)
            _ = try await app.faculty.create(name: "Persistence", description: "Outlives restarts")
            return server.baseURL
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(store.load()?.server == APIClient.origin(of: address))
        // A new server process on the same database, a relaunched app. The test framework
        // gives the new process another port; a real restart keeps its address, which the
        // session is bound to, so the stored session is moved to the new port here.
        try await EndToEnd.run(configuration) { server in
            if var stored = store.load() {
                stored.server = APIClient.origin(of: server.baseURL)
                try store.store(stored)
            }
            let app = server.makeClient(store: store)
            #expect(app.account.isLoggedIn)
            let names = try await app.faculty.load().map(\.name)
            #expect(names == ["Persistence"])
        }
    }
}
