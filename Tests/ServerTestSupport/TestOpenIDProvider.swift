import ExamPrepServer
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' OpenID provider: Tests/OIDCProvider/provider.py (PyPI's pyjwt and cryptography,
/// in the environment `scripts/oidc-provider` makes) on a loopback port, issuing RS256 ID
/// tokens, with a switch for each spoiled answer (`spoil`), the identity it signs in (`signIn`)
/// and its counts (`stats`).
public struct TestOpenIDProvider: Sendable {
    public let port: Int
    public static let clientID = "examprep-tests"
    public static let clientSecret = "provider-secret"
    private let process: TestProcess

    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static let python = Mutex<String?>(nil)

    public var issuer: String { "http://127.0.0.1:\(port)" }

    /// The settings that point a server at this provider, for `domains`.
    public func settings(domains: [String] = ["school.example"], tenants: [String] = []) -> SchoolSignInSettings {
        var settings = SchoolSignInSettings()
        settings.issuer = URL(string: issuer)
        settings.clientID = Self.clientID
        settings.clientSecret = Self.clientSecret
        settings.allowedDomains = domains
        settings.allowedTenants = tenants
        settings.buttonLabel = "Sign in with School"
        settings.timeout = .seconds(2)
        return settings
    }

    /// The Python that runs the provider (made once per test run by `scripts/oidc-provider`).
    static func pythonPath() async throws -> String {
        if let known = python.withLock({ $0 }) { return known }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("oidc-python-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = try TestProcess.launch(
            repository.appendingPathComponent("scripts/oidc-provider"), output: .file(try FileHandle(forWritingTo: output)))
        try await eventually("scripts/oidc-provider to finish", within: .seconds(300), every: .milliseconds(50)) { !process.isRunning }
        let path = try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0, !path.isEmpty else { throw Failure("scripts/oidc-provider failed") }
        python.withLock { $0 = path }
        return path
    }

    /// Starts the provider and waits until it answers.
    public static func start() async throws -> TestOpenIDProvider {
        guard let port = LoopbackPort.free() else { throw Failure("no free loopback port") }
        let process = try TestProcess.launch(
            URL(fileURLWithPath: try await pythonPath()),
            arguments: [
                repository.appendingPathComponent("Tests/OIDCProvider/provider.py").path, "--port", String(port), "--client-id", clientID,
                "--client-secret", clientSecret,
            ], output: .null, error: .null)
        let provider = TestOpenIDProvider(port: port, process: process)
        try await eventually("the OpenID provider to listen on \(port)") { LoopbackPort.accepts(port) }
        return provider
    }

    /// Stops the provider (SIGKILL: a slow answer may hold a thread) without blocking a thread.
    public func stop() async {
        kill(process.processIdentifier, SIGKILL)
        try? await eventually("the OpenID provider to exit", within: .seconds(30)) { !process.isRunning }
    }

    /// Runs `body` with a provider, stopped afterwards.
    public static func with<T: Sendable>(_ body: (TestOpenIDProvider) async throws -> T) async throws -> T {
        let provider = try await start()
        do {
            let result = try await body(provider)
            await provider.stop()
            return result
        } catch {
            await provider.stop()
            throw error
        }
    }

    /// The identity the authorization endpoint signs in at once (nil: it shows its page).
    public func signIn(subject: String, email: String, verified: Bool = true, tenant: String? = nil) async throws {
        var identity: [String: Any] = ["sub": subject, "email": email, "email_verified": verified]
        if let tenant { identity["tid"] = tenant }
        try await control(["identity": identity])
    }

    /// Switches a spoiled answer on (nil: every answer as it should be).
    public func spoil(_ name: String?) async throws {
        try await control(["spoil": name ?? NSNull()])
    }

    /// A new signing key, the only one in the key set.
    public func rotateKey() async throws { try await control(["rotate": true]) }

    /// Lets a `slow` token endpoint answer.
    public func release() async throws { try await control(["release": true]) }

    /// How often each endpoint was asked (`discovery`, `jwks`, `authorize`, `token`).
    public func stats() async throws -> [String: Int] {
        let reply = try await send(.get, "/control/stats")
        return (try JSONSerialization.jsonObject(with: Data(reply.body.readableBytesView)) as? [String: Int]) ?? [:]
    }

    /// Asks the authorization endpoint for `url` (the server's 302 to it) and returns where it
    /// sends the browser back (the server's callback with `code` and `state`).
    public func authorize(_ url: String) async throws -> String {
        guard let components = URLComponents(string: url), components.port == port else { throw Failure("not this provider: \(url)") }
        let reply = try await send(.get, components.path + "?" + (components.percentEncodedQuery ?? ""))
        guard reply.status == .found, let location = reply.headers[.location] else {
            throw Failure("the provider answered \(reply.status)")
        }
        return location
    }

    private func control(_ body: [String: Any]) async throws {
        let data = try JSONSerialization.data(withJSONObject: body)
        let reply = try await send(.post, "/control", body: ByteBuffer(bytes: data))
        guard reply.status == .ok else { throw Failure("control answered \(reply.status)") }
    }

    private struct Reply: Sendable {
        var status: HTTPResponse.Status
        var headers: HTTPFields
        var body: ByteBuffer
    }

    private func send(_ method: HTTPRequest.Method, _ path: String, body: ByteBuffer? = nil) async throws -> Reply {
        let headers: HTTPFields = body == nil ? [:] : [.contentType: "application/json"]
        let request = TestClient.Request(path, method: method, authority: "127.0.0.1", headers: headers, body: body)
        return try await TestClient.withClient(host: "127.0.0.1", port: port) { client in
            let response = try await client.execute(request)
            return Reply(status: response.status, headers: response.headers, body: response.body ?? ByteBuffer())
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }
}
