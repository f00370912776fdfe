import ExamPrepClient
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Session", .hangGuard)
@MainActor
struct SessionManagerTests {
    @Test("a session stored after the client was created is used by the next request")
    func bearerAttachedAtSendTime() async throws {
        let store = InMemorySessionStore()
        let transport = FakeTransport { _ in json([algebra]) }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        await #expect(throws: APIError.self) { try await client.faculty.load() }
        #expect(transport.requests.isEmpty, "no request without a session")

        try store.store(session(token: "stored-later", expiresIn: 900))
        try await client.faculty.load()

        #expect(transport.requests.last?.bearer == "stored-later")
        #expect(client.faculty.courses == [algebra])
    }

    @Test("a session issued by another server is never sent, neither its bearer nor its refresh token")
    func sessionOfAnotherServerStaysHome() async throws {
        let other = URL(string: "https://other.example:443")!
        for expiresIn in [900.0, -60.0] {
            let store = InMemorySessionStore(session(token: "theirs", expiresIn: expiresIn, server: other))
            let transport = FakeTransport { _ in json([algebra]) }
            let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
            #expect(!client.account.isLoggedIn)
            await #expect(throws: APIError.self) { try await client.faculty.load() }
            await #expect(throws: APIError.self) { try await client.account.logout() }
            #expect(transport.requests.isEmpty, "nothing went to \(baseURL)")
            #expect(store.load()?.accessToken == "theirs", "the other server's session stays")
        }
        // Signing in here replaces it with one of this server.
        let store = InMemorySessionStore(session(token: "theirs", expiresIn: 900, server: other))
        let transport = FakeTransport { request in
            request.path == APIPaths.login ? json(loginResponse(token: "ours", refreshToken: "r")) : json([algebra])
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        try await client.account.login(email: "ada@example.org", password: "correct horse battery")
        try await client.faculty.load()
        #expect(transport.requests.last?.bearer == "ours")
        #expect(store.load()?.server == APIClient.origin(of: baseURL))
    }

    @Test("ten callers with an expired token cause exactly one refresh, and all ten succeed")
    func oneRefreshForTenCallers() async throws {
        let store = InMemorySessionStore(session(token: "expired", expiresIn: -60, refreshToken: "refresh-1"))
        let transport = FakeTransport { request in
            switch request.path {
            case APIPaths.refreshToken:
                // Stay in flight for a moment so that every caller finds the refresh under way.
                try await Task.sleep(for: .milliseconds(50))
                return json(loginResponse(token: "fresh", refreshToken: "refresh-2"))
            case APIPaths.facultyCourses:
                return request.bearer == "fresh" ? json([algebra]) : failure(401, .tokenExpired, "Token expired")
            default:
                return notFound
            }
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        let session = client.session

        let results = try await withThrowingTaskGroup(of: [Course].self) { group in
            for _ in 0..<10 {
                group.addTask { try await session.send(.facultyCourses) }
            }
            var all: [[Course]] = []
            for try await courses in group { all.append(courses) }
            return all
        }

        #expect(results.count == 10)
        #expect(results.allSatisfy { $0 == [algebra] })
        let refreshes = transport.requests(to: APIPaths.refreshToken)
        #expect(refreshes.count == 1)
        #expect(try refreshes.first?.decodedBody(RefreshTokenRequest.self).refreshToken == "refresh-1")
        #expect(store.load()?.accessToken == "fresh")
        #expect(store.load()?.refreshToken == "refresh-2")
    }

    @Test("a token about to expire is renewed before the request, not after a failure")
    func refreshesShortlyBeforeExpiry() async throws {
        let store = InMemorySessionStore(session(token: "ending", expiresIn: 10))
        let transport = FakeTransport { request in
            request.path == APIPaths.refreshToken
                ? json(loginResponse(token: "renewed", refreshToken: "refresh-2")) : json([algebra])
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        let events = client.account.events
        var iterator = events.makeAsyncIterator()

        try await client.faculty.load()

        #expect(transport.requests.map(\.path) == [APIPaths.refreshToken, APIPaths.facultyCourses])
        #expect(transport.requests.last?.bearer == "renewed")
        #expect(await iterator.next() == .tokenRefreshed)
    }

    @Test("a token_expired answer triggers one refresh and one retry of the same request")
    func retriesOnceAfterTokenExpired() async throws {
        // The clock says the token is fine; the server disagrees.
        let store = InMemorySessionStore(session(token: "revoked-early", expiresIn: 900))
        let transport = FakeTransport { request in
            switch request.path {
            case APIPaths.refreshToken: json(loginResponse(token: "second", refreshToken: "refresh-2"))
            case APIPaths.enroll:
                request.bearer == "second"
                    ? json(
                        EnrollResponse(
                            enrollment: Enrollment(
                                id: 5,
                                course: EnrolledCourse(
                                    id: 1, name: "Algebra", description: "Groups", courseCode: "ALGB", facultyId: 7,
                                    enrollmentDate: Date(timeIntervalSince1970: 1_800_000_000)),
                                enrollmentDate: Date(timeIntervalSince1970: 1_800_000_000))), status: 201)
                    : failure(401, .tokenExpired, "Token expired")
            default: notFound
            }
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        let enrollment = try await client.student.enroll(code: "algb")

        #expect(enrollment.course.courseCode == "ALGB")
        #expect(client.student.enrolledCourses.map(\.courseCode) == ["ALGB"])
        #expect(transport.requests.map(\.path) == [APIPaths.enroll, APIPaths.refreshToken, APIPaths.enroll])
        #expect(try transport.requests.last?.decodedBody(EnrollRequest.self).courseCode == "algb")
    }

    @Test("a 401 that is not token_expired (the session ended elsewhere) tries one refresh, and when that fails signs out")
    func otherUnauthorizedEndsTheSessionWhenItCannotBeRenewed() async throws {
        let store = InMemorySessionStore(session(token: "t", expiresIn: 900))
        let transport = FakeTransport { _ in failure(401, .unauthorized, "The session has ended; log in again.") }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        let error = await #expect(throws: APIError.self) { try await client.faculty.load() }
        guard case .sessionExpired = error else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(transport.requests(to: APIPaths.refreshToken).count == 1)
        #expect(!client.account.isLoggedIn)
        #expect(store.load() == nil)
    }

    @Test("a rejected refresh token signs the user out and says the session expired")
    func refreshRejectedExpiresSession() async throws {
        let store = InMemorySessionStore(session(token: "expired", expiresIn: -60))
        let transport = FakeTransport { request in
            request.path == APIPaths.refreshToken
                ? failure(401, .unauthorized, "Refresh token reused; session revoked") : json([algebra])
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        #expect(client.account.isLoggedIn)
        var first = client.account.events.makeAsyncIterator()
        var second = client.account.events.makeAsyncIterator()

        let error = await #expect(throws: APIError.self) { try await client.faculty.load() }

        guard case .sessionExpired = error else {
            Issue.record("expected sessionExpired, got \(String(describing: error))")
            return
        }
        #expect(store.load() == nil)
        #expect(await first.next() == .sessionExpired)
        #expect(await second.next() == .sessionExpired, "every subscriber hears it")
        #expect(transport.requests(to: APIPaths.facultyCourses).isEmpty)
        #expect(!client.account.isLoggedIn, "the account hears of it before the failed call returns")
    }

    @Test("an unreachable server during a refresh keeps the session for later")
    func refreshTransportFailureKeepsSession() async throws {
        let stored = session(token: "expired", expiresIn: -60)
        let store = InMemorySessionStore(stored)
        let transport = FakeTransport { _ in throw URLError(.notConnectedToInternet) }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)

        let error = await #expect(throws: APIError.self) { try await client.faculty.load() }

        guard case .transport = error else {
            Issue.record("expected transport, got \(String(describing: error))")
            return
        }
        #expect(store.load() == stored)
    }

    @Test("a refresh that answers after logout is ignored: the user stays signed out")
    func refreshAfterLogoutIsIgnored() async throws {
        let store = InMemorySessionStore(session(token: "expired", expiresIn: -60))
        let (refreshStarted, started) = AsyncStream.makeStream(of: Void.self)
        let (gate, release) = AsyncStream.makeStream(of: Void.self)
        let transport = FakeTransport { request in
            switch request.path {
            case APIPaths.refreshToken:
                started.yield()
                for await _ in gate { break }
                return json(loginResponse(token: "too-late", refreshToken: "refresh-2"))
            case APIPaths.logout: return json(SuccessResponse())
            default: return json([algebra])
            }
        }
        let client = ExamPrepClient(baseURL: baseURL, store: store, transport: transport)
        let session = client.session

        let pending = Task { try await session.send(.facultyCourses) }
        var startedIterator = refreshStarted.makeAsyncIterator()
        await startedIterator.next()

        try await client.account.logout()
        release.yield()
        let result = await pending.result

        #expect(throws: APIError.self) { try result.get() }
        #expect(store.load() == nil)
        #expect(!client.account.isLoggedIn)
        #expect(transport.requests(to: APIPaths.facultyCourses).isEmpty)
    }
}
