import ExamPrepShared
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

@Suite("Logs and metrics", .timeLimit(.minutes(3)))
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
            #expect(text.contains("examprep_password_hashing_queue_depth "))
            #expect(text.contains(#"examprep_db_pool_connections{state="idle"}"#))
        }
    }

    @Test func theOpenAPIDocumentIsServedAndNamesEveryRoute() async throws {
        try await TestServer.run { server in
            let reply = try await server.get(APIPaths.openAPI).expect(.ok)
            #expect(reply.headers[.contentType]?.hasPrefix("application/yaml") == true)
            #expect(reply.text.hasPrefix("openapi: 3"))
            let paths = [
                APIPaths.register, APIPaths.login, APIPaths.roles, APIPaths.catalogue, "/api/courses/{userId}", APIPaths.me,
                APIPaths.facultyCourses, APIPaths.studentCourses, APIPaths.enroll, APIPaths.refreshToken, APIPaths.logout,
                APIPaths.health, APIPaths.ready, APIPaths.metrics, APIPaths.openAPI,
            ]
            for path in paths {
                #expect(reply.text.contains("\n  \(path):"), "openapi.yaml does not describe \(path)")
            }
        }
    }
}
