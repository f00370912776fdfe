import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One booted server and what the end-to-end tests need around it.
struct EndToEnd: Sendable {
    let baseURL: URL
    let client: any TestClientProtocol

    /// Boots the real server over a fresh database; `body` talks to it through clients.
    @discardableResult
    static func run<Value: Sendable>(
        configure: (inout AppConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable @MainActor (EndToEnd) async throws -> Value
    ) async throws -> Value {
        var configuration = try await LiveServer.configuration()
        configure(&configuration)
        return try await run(configuration, body)
    }

    /// Boots the real server with exactly `configuration` (to restart on the same database).
    @discardableResult
    static func run<Value: Sendable>(
        _ configuration: AppConfiguration,
        _ body: @escaping @Sendable @MainActor (EndToEnd) async throws -> Value
    ) async throws -> Value {
        try await LiveServer.run(configuration) { client in
            let port = try #require(client.port)
            return try await body(EndToEnd(baseURL: URL(string: "http://127.0.0.1:\(port)")!, client: client))
        }
    }

    /// A front end's client with its own in-memory session; `clock` is the one the test
    /// also gives the server, when the test moves time. Its requests wait for their answers
    /// longer than the server's own bounds (`LiveServer.defaultPatience`; the library's default
    /// of 60 s is below the test servers' 120 s wait for a database connection).
    @MainActor
    func makeClient(
        store: any SessionStore = InMemorySessionStore(), refreshLeeway: TimeInterval = 30, clock: TestClock? = nil,
        answerDirectory: URL? = nil, baseURL: URL? = nil
    ) -> ExamPrepClient {
        ExamPrepClient(
            baseURL: baseURL ?? self.baseURL, store: store, transport: Self.patientTransport, refreshLeeway: refreshLeeway,
            now: { clock?.now ?? Date() }, answerDirectory: answerDirectory)
    }

    /// One transport for the tests' clients, patient as `makeClient` says.
    static let patientTransport = URLSessionTransport(timeout: TimeInterval(LiveServer.defaultPatience.components.seconds))

    /// How many requests the server has answered on `route` (from its own metrics).
    func requestCount(route: String) async throws -> Int {
        try await metric("http_requests_total{route=\"\(route)\"")
    }

    /// The sum of the server's metric series whose line starts with `series` (a name, or a
    /// name and the start of its labels), from its own metrics.
    func metric(_ series: String) async throws -> Int {
        // A connection of its own each time: the test client's one connection may have waited
        // longer than the server's HTTP_IDLE_TIMEOUT (60 s) while a slow test did other things,
        // and the server has closed it.
        let (data, _) = try await URLSession.shared.data(from: baseURL.appending(path: APIPaths.metrics))
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n")
            .filter { $0.hasPrefix(series) }
            .compactMap { $0.split(separator: " ").last.flatMap { Int(Double($0) ?? 0) } }
            .reduce(0, +)
    }
}

/// Collects the events of one account, for tests that check them.
final class EventLog: Sendable {
    private final class Storage: Sendable {
        let events = Mutex<[AuthEvent]>([])
    }

    private let storage = Storage()
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<AuthEvent>) {
        let storage = storage
        task = Task {
            for await event in stream {
                storage.events.withLock { $0.append(event) }
            }
        }
    }

    /// The events so far, once at least `count` have arrived (events reach the log a moment
    /// after they happen). Throws `WaitTimedOut` when they have not after `timeout`, and
    /// `CancellationError` when the test is cancelled.
    func snapshot(count: Int, within timeout: Duration = defaultWaitLimit) async throws -> [AuthEvent] {
        let storage = storage
        try await eventually(
            "\(count) events; these arrived: \(storage.events.withLock { $0 })", within: timeout, every: .milliseconds(5)
        ) { storage.events.withLock { $0.count } >= count }
        return storage.events.withLock { $0 }
    }

    deinit {
        task.cancel()
    }
}

extension Account {
    /// Registers `email` with the test password and signs in, as a new user of an app would.
    func signUp(_ email: String, role: Role) async throws {
        try await register(email: email, password: password, role: role)
        try await login(email: email, password: password)
    }
}

func uniqueEmail(_ prefix: String) -> String {
    "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
}

let password = "correct horse battery"
