import ExamPrepClient
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Account", .hangGuard)
@MainActor
struct AccountTests {
    @Test("login stores the session, announces it, and survives a restart of the app")
    func loginStoresSession() async throws {
        let store = InMemorySessionStore()
        let transport = FakeTransport { request in
            switch request.path {
            case APIPaths.login: json(loginResponse(token: "access", refreshToken: "refresh", role: .student))
            case APIPaths.me: json(UserProfile(id: 7, email: "ada@example.org", role: .student))
            default: notFound
            }
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        #expect(!client.account.isLoggedIn)
        var events = client.account.events.makeAsyncIterator()

        try await client.account.login(email: "ada@example.org", password: "correct horse battery")

        #expect(client.account.isLoggedIn)
        #expect(client.account.role == .student)
        #expect(await events.next() == .signedIn)
        #expect(try transport.requests.first?.decodedBody(LoginRequest.self).password == "correct horse battery")
        #expect(transport.requests.first?.bearer == nil)

        let restarted = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        #expect(restarted.account.isLoggedIn)
        #expect(restarted.account.email == "ada@example.org")
        let profile = try await restarted.account.loadProfile()
        #expect(profile.email == "ada@example.org")
        #expect(transport.requests.last?.bearer == "access")
    }

    @Test("wrong credentials show the server's message and leave the user signed out")
    func loginFailure() async throws {
        let store = InMemorySessionStore()
        let transport = FakeTransport { _ in failure(400, .invalidCredentials, "Incorrect email or password.") }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        let error = await #expect(throws: APIError.self) {
            try await client.account.login(email: "ada@example.org", password: "wrong password")
        }
        #expect(error?.localizedDescription == "Incorrect email or password.")
        #expect(!client.account.isLoggedIn)
        #expect(store.load() == nil)
    }

    @Test("logout tells the server with the bearer and refresh token, and clears the session")
    func logout() async throws {
        let store = InMemorySessionStore(session(token: "access", expiresIn: 900, refreshToken: "refresh-9"))
        let transport = FakeTransport { _ in json(SuccessResponse()) }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        var events = client.account.events.makeAsyncIterator()

        try await client.account.logout()

        let request = try #require(transport.requests.first)
        #expect(request.path == APIPaths.logout)
        #expect(request.url?.query == nil)
        #expect(request.bearer == "access")
        #expect(try request.decodedBody(LogoutRequest.self).refreshToken == "refresh-9")
        #expect(store.load() == nil)
        #expect(!client.account.isLoggedIn)
        #expect(await events.next() == .signedOut)
    }

    @Test("logout everywhere asks the server to end every session")
    func logoutEverywhere() async throws {
        let store = InMemorySessionStore(session(token: "access", expiresIn: 900))
        let transport = FakeTransport { _ in json(SuccessResponse()) }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        try await client.account.logoutEverywhere()

        #expect(transport.requests.first?.url?.query == "scope=all")
        #expect(store.load() == nil)
    }

    @Test("logout with the server unreachable still signs out here, and says the server was not told")
    func logoutOffline() async throws {
        let store = InMemorySessionStore(session(token: "access", expiresIn: 900))
        let transport = FakeTransport { _ in throw URLError(.notConnectedToInternet) }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        await #expect(throws: APIError.self) { try await client.account.logout() }

        #expect(store.load() == nil)
        #expect(!client.account.isLoggedIn)
    }

    @Test("logout with an expired access token renews it once so the server really ends the session")
    func logoutWithExpiredToken() async throws {
        let store = InMemorySessionStore(session(token: "old", expiresIn: 900, refreshToken: "refresh-1"))
        let transport = FakeTransport { request in
            switch request.path {
            case APIPaths.refreshToken: json(loginResponse(token: "new", refreshToken: "refresh-2"))
            case APIPaths.logout:
                request.bearer == "new" ? json(SuccessResponse()) : failure(401, .tokenExpired, "Token expired")
            default: notFound
            }
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        try await client.account.logout()

        let logouts = transport.requests(to: APIPaths.logout)
        #expect(logouts.count == 2)
        #expect(try logouts.last?.decodedBody(LogoutRequest.self).refreshToken == "refresh-2")
        #expect(store.load() == nil, "the renewed session is never stored")
    }

    @Test("signing out empties the faculty and student lists")
    func signOutClearsData() async throws {
        let store = InMemorySessionStore(session(token: "access", expiresIn: 900))
        let transport = FakeTransport { request in
            request.path == APIPaths.logout ? json(SuccessResponse()) : json([algebra])
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        try await client.faculty.load()
        #expect(client.faculty.courses.count == 1)

        try await client.account.logout()

        #expect(client.faculty.courses.isEmpty, "the services hear of it before logout() returns")
    }

    @Test("signing in again right after signing out leaves the user signed in")
    func loginRightAfterLogout() async throws {
        let store = InMemorySessionStore(session(token: "first", expiresIn: 900))
        let transport = FakeTransport { request in
            request.path == APIPaths.login
                ? json(loginResponse(token: "second", refreshToken: "refresh-2", role: .student)) : json(SuccessResponse())
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        var events = client.account.events.makeAsyncIterator()

        try await client.account.logout()
        try await client.account.login(email: "bo@example.org", password: "another password")
        #expect(await events.next() == .signedOut)
        #expect(await events.next() == .signedIn)

        #expect(client.account.isLoggedIn)
        #expect(client.account.email == "bo@example.org")
        #expect(client.account.role == .student)
        #expect(store.load()?.accessToken == "second")
    }
}
