import ExamPrepClient
import ExamPrepTestSupport
import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A sign-in shed in a surge (503 with `Retry-After`) is sent again after the wait; nothing
/// else is, and no sign-in waits forever. The end-to-end tests show the same against the real
/// server's hashing queue.
@Suite("HTTP client: waiting in line", .hangGuard)
struct WaitingInLineTests {
    static let login = APIRequest.login(LoginRequest(email: "ada@example.org", password: "correct horse battery"))
    static let busy = HTTPResponse(
        status: 503, headers: ["Retry-After": "1", "Content-Type": "application/json"],
        body: try! ExamPrepJSON.makeEncoder().encode(ErrorResponse(message: "Too many logins", error: .unavailable)))

    static let attempt = StudentAttempt(
        attemptId: 7, examId: 3, title: "Midterm", instructions: "", number: 1,
        startedAt: Date(timeIntervalSince1970: 1_800_000_000), deadline: nil, submittedAt: nil, questions: [], answers: [],
        result: nil)

    /// Answers `busy` `times` times, then `then`.
    static func shedding(_ times: Int, then: HTTPResponse) -> FakeTransport {
        let answered = Counter()
        return FakeTransport { _ in answered.next() <= times ? busy : then }
    }

    final class Counter: Sendable {
        private let count = Mutex(0)
        func next() -> Int {
            count.withLock {
                $0 += 1
                return $0
            }
        }
    }

    @Test("a shed login is sent again after Retry-After, each wait announced")
    func aShedLoginIsSentAgain() async throws {
        let transport = Self.shedding(2, then: json(loginResponse(token: "access", refreshToken: "refresh")))
        let api = APIClient(baseURL: baseURL, transport: transport, waitingInLine: WaitingInLine(jitter: 0))
        let waits = Mutex<[Int]>([])
        let response = try await api.send(Self.login) { seconds in waits.withLock { $0.append(seconds) } }
        #expect(response.token == "access")
        #expect(transport.requests.count == 3)
        #expect(waits.withLock { $0 } == [1, 1])
    }

    @Test("a shed start of an attempt is sent again after Retry-After: a second start returns the attempt already open")
    func aShedStartIsSentAgain() async throws {
        let transport = Self.shedding(1, then: json(Self.attempt, status: 201))
        let api = APIClient(baseURL: baseURL, transport: transport, waitingInLine: WaitingInLine(jitter: 0))
        let waits = Mutex<[Int]>([])
        let started = try await api.send(.startAttempt(3), bearer: "access") { seconds in waits.withLock { $0.append(seconds) } }
        #expect(started.attemptId == 7)
        #expect(transport.requests.count == 2)
        #expect(waits.withLock { $0 } == [1])
    }

    @Test("a shed refresh is sent again with the same refresh token: a 503 rotated nothing")
    func aShedRefreshIsSentAgain() async throws {
        let transport = Self.shedding(1, then: json(loginResponse(token: "access 2", refreshToken: "refresh 2")))
        let api = APIClient(baseURL: baseURL, transport: transport, waitingInLine: WaitingInLine(jitter: 0))
        let refreshed = try await api.send(.refresh(RefreshTokenRequest(refreshToken: "refresh 1")))
        #expect(refreshed.token == "access 2")
        #expect(transport.requests.count == 2)
        #expect(transport.requests.map { String(decoding: $0.httpBody ?? Data(), as: UTF8.self) }.allSatisfy { $0.contains("refresh 1") })
    }

    @Test("a shed login stops waiting when its patience is spent: the server's 503 stands")
    func patienceEnds() async throws {
        let transport = Self.shedding(10, then: json(loginResponse(token: "access", refreshToken: "refresh")))
        let api = APIClient(baseURL: baseURL, transport: transport, waitingInLine: WaitingInLine(patience: 2, jitter: 0))
        let error = await #expect(throws: APIError.self) { try await api.send(Self.login) }
        #expect(error?.status == 503)
        #expect(transport.requests.count == 3)
    }

    @Test("a 503 without Retry-After, or to a request that does not wait in line, is not sent again")
    func onlyShedSignInsWait() async throws {
        let unexplained = Self.shedding(0, then: failure(503, .unavailable, "The database is unavailable."))
        let api = APIClient(baseURL: baseURL, transport: unexplained)
        await #expect(throws: APIError.self) { try await api.send(Self.login) }
        #expect(unexplained.requests.count == 1)

        let other = Self.shedding(5, then: json([CatalogueCourse]()))
        await #expect(throws: APIError.self) { try await APIClient(baseURL: baseURL, transport: other).send(.catalogue) }
        #expect(other.requests.count == 1)
    }

    @Test("a Retry-After far in the future waits at most a minute at a time", arguments: ["3600", "86400"])
    func longestWait(_ header: String) throws {
        let line = WaitingInLine(jitter: 0)
        let response = HTTPResponse(status: 503, headers: ["Retry-After": header])
        #expect(line.nextWait(after: response, waited: 0) == 60)
        #expect(line.nextWait(after: response, waited: 590) == nil)
        #expect(line.nextWait(after: HTTPResponse(status: 503, headers: ["Retry-After": "soon"]), waited: 0) == nil)
        #expect(line.nextWait(after: HTTPResponse(status: 503, headers: ["Retry-After": "-5"]), waited: 0) == nil)
        #expect(line.nextWait(after: HTTPResponse(status: 503, headers: ["Retry-After": "nan"]), waited: 0) == nil)
    }

    @Test("a start whose kept connection the server closed is sent once more; a submit is not, nor a start a second time")
    func aLostConnectionSendsOnlyWhatMayComeTwice() async throws {
        let tries = Counter()
        let closingOnce = FakeTransport { _ in
            if tries.next() == 1 { throw URLError(.networkConnectionLost) }
            return json(Self.attempt, status: 201)
        }
        let started = try await APIClient(baseURL: baseURL, transport: closingOnce).send(.startAttempt(3), bearer: "access")
        #expect(started.attemptId == 7)
        #expect(closingOnce.requests.count == 2)

        let alwaysClosing = FakeTransport { _ in throw URLError(.networkConnectionLost) }
        let api = APIClient(baseURL: baseURL, transport: alwaysClosing)
        await #expect(throws: APIError.self) { try await api.send(.startAttempt(3), bearer: "access") }
        #expect(alwaysClosing.requests.count == 2)
        await #expect(throws: APIError.self) { try await api.send(.submitAttempt(7), bearer: "access") }
        #expect(alwaysClosing.requests.count == 3, "a submit that may have been taken is not sent again")
        await #expect(throws: APIError.self) { try await api.send(.saveAnswers(7, []), bearer: "access") }
        #expect(alwaysClosing.requests.count == 4, "nor a save without an idempotency key")
        await #expect(throws: APIError.self) { try await api.send(.saveAnswers(7, [], idempotencyKey: "k"), bearer: "access") }
        #expect(alwaysClosing.requests.count == 6)
    }
}
