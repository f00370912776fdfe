import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore

@testable import ExamPrepServer

/// A test's view of a live server over real HTTP on a database of its own.
struct TestServer {
    static let secret = LiveServer.jwtSecret

    let client: any TestClientProtocol
    /// How long a request waits for its answer (`LiveServer.patience(for:)`).
    var patience = LiveServer.defaultPatience

    /// The live server's port, for raw connections.
    var port: Int { client.port ?? 0 }

    /// Boots the server on port 0 over a fresh migrated database, runs `body`, shuts down.
    @discardableResult
    static func run<Value: Sendable>(
        configure: (inout AppConfiguration) -> Void = { _ in },
        logger: Logger? = nil,
        _ body: @escaping @Sendable (TestServer) async throws -> Value
    ) async throws -> Value {
        var configuration = try await LiveServer.configuration()
        configure(&configuration)
        let patience = LiveServer.patience(for: configuration)
        return try await LiveServer.run(configuration, logger: logger) { client in
            try await body(TestServer(client: client, patience: patience))
        }
    }

    // MARK: Requests

    /// Sends one request on a connection of its own, as another client's would be, answered
    /// within `patience`. (The test framework's client sends every request down one connection,
    /// where the server answers them one after the other: requests a test fires together would
    /// never run at the same time.)
    @discardableResult
    func send(
        _ method: HTTPRequest.Method, _ path: String, token: String? = nil, headers extra: HTTPFields = [:], body: ByteBuffer? = nil
    ) async throws -> TestReply {
        var headers = extra
        if let token { headers[.authorization] = "Bearer \(token)" }
        if body != nil, headers[.contentType] == nil { headers[.contentType] = "application/json" }
        let request = TestClient.Request(path, method: method, authority: "localhost", headers: headers, body: body)
        // The test client gives a connection 5 s, counted on an event loop the whole test
        // process shares: in a full parallel run on two cores that loop was once late by more
        // than that. Nothing was sent then, so connecting again is safe, as a browser would.
        var attempt = 0
        while true {
            attempt += 1
            do {
                return try await TestClient.withClient(host: "127.0.0.1", port: port, configuration: .init(timeout: patience)) { client in
                    let response = try await client.execute(request)
                    return TestReply(
                        status: response.status, headers: response.headers, body: Data((response.body ?? ByteBuffer()).readableBytesView))
                }
            } catch ChannelError.connectTimeout where attempt < 3 {
                continue
            }
        }
    }

    @discardableResult
    func post(_ path: String, json: some Encodable, token: String? = nil) async throws -> TestReply {
        let data = try ExamPrepJSON.makeEncoder().encode(json)
        return try await send(.post, path, token: token, body: ByteBuffer(bytes: data))
    }

    @discardableResult
    func post(_ path: String, raw: String, token: String? = nil) async throws -> TestReply {
        try await send(.post, path, token: token, body: ByteBuffer(string: raw))
    }

    @discardableResult
    func get(_ path: String, token: String? = nil) async throws -> TestReply {
        try await send(.get, path, token: token)
    }

    /// A request as if from `clientAddress`, through a trusted proxy (the test server trusts
    /// loopback when a test says so: `configuration.setTrustedProxies(["127.0.0.1"])`).
    @discardableResult
    func post(_ path: String, json: some Encodable, token: String? = nil, from clientAddress: String) async throws -> TestReply {
        let data = try ExamPrepJSON.makeEncoder().encode(json)
        return try await send(
            .post, path, token: token, headers: [HTTPField.Name("X-Forwarded-For")!: clientAddress], body: ByteBuffer(bytes: data))
    }

    // MARK: Common steps

    @discardableResult
    func register(_ email: String, password: String = "correct horse battery", role: Role) async throws -> TestReply {
        try await post(APIPaths.register, json: RegistrationRequest(email: email, password: password, role: role))
    }

    func login(_ email: String, password: String = "correct horse battery") async throws -> LoginResponse {
        let reply = try await post(APIPaths.login, json: LoginRequest(email: email, password: password))
        return try reply.decode(LoginResponse.self)
    }

    /// Registers and logs in; returns the login body.
    func signUp(_ email: String, role: Role, password: String = "correct horse battery") async throws -> LoginResponse {
        try await register(email, password: password, role: role).expect(.created)
        return try await login(email, password: password)
    }

    func createCourse(_ name: String, token: String) async throws -> Course {
        let reply = try await post(
            APIPaths.facultyCourses, json: CreateCourseRequest(name: name, description: "About \(name)"), token: token)
        return try reply.expect(.created).decode(CreateCourseResponse.self).course
    }
}

/// A response as a test sees it.
struct TestReply: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: Data

    struct UnexpectedStatus: Error, CustomStringConvertible {
        var expected: HTTPResponse.Status
        var reply: TestReply
        var description: String { "expected \(expected.code), got \(reply.status.code): \(reply.text)" }
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ExamPrepJSON.makeDecoder().decode(T.self, from: body)
    }

    var error: ErrorResponse? { try? decode(ErrorResponse.self) }

    @discardableResult
    func expect(_ status: HTTPResponse.Status) throws -> TestReply {
        guard self.status == status else { throw UnexpectedStatus(expected: status, reply: self) }
        return self
    }

    /// The top-level JSON object, to check for fields that must be absent.
    var object: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }
    var array: [[String: Any]]? { (try? JSONSerialization.jsonObject(with: body)) as? [[String: Any]] }
}

/// A unique email for one test.
func uniqueEmail(_ prefix: String = "user") -> String {
    "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())@example.com"
}
