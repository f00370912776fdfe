import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing

@testable import ExamPrepServer

@Suite("Logs and metrics", .hangGuard)
struct ObservabilityTests {
    @Test func logsNameEachRequestButNeverSecrets() async throws {
        let lines = CapturingLogHandler.Lines()
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let password = "a very secret password"
        let secrets: [String] = try await TestServer.run(configure: { $0.logLevel = .trace }, logger: logger) { server in
            let email = uniqueEmail()
            let login = try await server.signUp(email, role: .faculty, password: password)
            try await server.get(APIPaths.me, token: login.token).expect(.ok)
            try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: login.refreshToken!)).expect(.ok)
            return [password, login.token, login.refreshToken!, String(login.token.split(separator: ".")[2]), "Bearer", "$y$"]
        }
        let all = lines.all
        let requestLines = all.filter { $0.contains("info request ") }
        #expect(requestLines.contains { $0.contains("path=/api/login") && $0.contains("status=200") && $0.contains("hb.request.id=") })
        #expect(requestLines.contains { $0.contains("path=/api/me") && $0.contains("method=GET") && $0.contains("duration_ms=") })
        for secret in secrets {
            #expect(!all.contains { $0.contains(secret) }, "the log holds \(secret)")
        }
    }

    @Test func metricsCountRequestsLoginsAndPoolUse() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            _ = try await server.signUp(email, role: .student)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "not the password")).expect(.badRequest)
            let reply = try await server.get(APIPaths.metrics).expect(.ok)
            #expect(reply.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = reply.text
            #expect(text.contains(#"http_requests_total{route="/api/login",method="POST",status="400"} 1"#))
            #expect(text.contains(#"examprep_logins_total{outcome="succeeded"} 1"#))
            #expect(text.contains(#"examprep_logins_total{outcome="failed"} 1"#))
            #expect(text.contains("http_request_duration_seconds_bucket"))
            // Every request above has been answered: no password is being hashed or waits to be.
            let depth = text.split(separator: "\n").first { $0.hasPrefix("examprep_password_hashing_queue_depth ") }
            #expect(depth.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) } == 0, "\(depth ?? "no queue depth")")
            #expect(text.contains(#"examprep_db_pool_connections{state="idle"}"#))
            #expect(text.contains("examprep_password_hashing_paused_seconds "))
        }
    }

    @Test func theOpenAPIDocumentIsServedAndNamesEveryRoute() async throws {
        try await TestServer.run { server in
            let reply = try await server.get(APIPaths.openAPI).expect(.ok)
            #expect(reply.headers[.contentType]?.hasPrefix("application/yaml") == true)
            #expect(reply.text.hasPrefix("openapi: 3"))
            #expect(try OpenAPIContract(yaml: reply.text).paths == OpenAPIContract.served.paths)
        }
        // The routes the server registers, against the operations the document describes
        // (HEAD comes with every GET; the document says so once).
        let database = try await TestDatabase.makeDatabase(migrated: false)
        let keys = try SigningKeys(signingSecret: TestServer.secret)
        let router = try buildRouter(
            configuration: AppConfiguration(),
            pool: PostgresPool(configuration: database, maxConnections: 1, logger: Logger(label: "test")),
            hasher: PasswordHasher(scheme: .default, threads: 1, maxWait: .seconds(1)),
            accessTokens: await AccessTokens(keys: keys, lifetime: 60), cursors: CursorCodec(secret: keys.signing.secret),
            metrics: AppMetrics())
        // The pages are HTML for browsers, not API operations (docs/WEB.md lists them).
        let served = Set(
            router.routes.filter { $0.method != .head && !PageRoutes.isPage($0.path.description) }.map { "\($0.method) \($0.path)" })
        let documented = Set(OpenAPIContract.served.operations.map(\.description))
        #expect(served.subtracting(documented).isEmpty, "served but not in openapi.yaml: \(served.subtracting(documented).sorted())")
        #expect(documented.subtracting(served).isEmpty, "in openapi.yaml but not served: \(documented.subtracting(served).sorted())")
    }
}
