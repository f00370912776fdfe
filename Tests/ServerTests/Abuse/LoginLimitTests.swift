import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Holes 3 and 4: the login limit was check-then-record (60 parallel guesses were all
/// hashed against a limit of 10), and ten wrong passwords from anywhere locked the owner out.
@Suite("Abuse: login limits", .hangGuard)
struct LoginLimitTests {
    static func hashesCompleted(_ server: TestServer) async throws -> Int {
        let text = try await server.get(APIPaths.metrics).text
        let line = text.split(separator: "\n").first { $0.hasPrefix("examprep_password_hashing_jobs{outcome=\"completed\"}") }
        return Int(Double(line?.split(separator: " ").last ?? "0") ?? 0)
    }

    @Test func sixtyParallelGuessesGetTenAnswersAndTheRestAre429WithoutHashing() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            let hashesBefore = try await Self.hashesCompleted(server)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<60 {
                    group.addTask {
                        try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "a wrong guess")).status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 400 }.count == 10)
            #expect(statuses.filter { $0 == 429 }.count == 50)
            #expect(try await Self.hashesCompleted(server) - hashesBefore == 10, "only the counted attempts were hashed")
        }
    }

    @Test func tenFailuresFromOneAddressDoNotLockOutTheOwnerElsewhere() async throws {
        try await TestServer.run(configure: { $0.setTrustedProxies(["127.0.0.1"]) }) { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            for _ in 0..<10 {
                try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "a wrong guess"), from: "203.0.113.66")
                    .expect(.badRequest)
            }
            let attacker = try await server.post(
                APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"), from: "203.0.113.66")
            #expect(attacker.status == .tooManyRequests)
            #expect(Int(attacker.headers[.retryAfter] ?? "") ?? 0 > 0)
            let owner = try await server.post(
                APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"), from: "198.51.100.7")
            #expect(owner.status == .ok, "the owner, from an address that has not failed, gets in")
        }
    }

    @Test func guessesSpreadOverManyAddressesMeetThePerAccountLimit() async throws {
        try await TestServer.run(configure: {
            $0.setTrustedProxies(["127.0.0.1"])
            $0.limits.loginPerAccount = RateLimit(maxAttempts: 12, windowSeconds: 900)
        }) { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            for index in 0..<12 {
                try await server.post(
                    APIPaths.login, json: LoginRequest(email: email, password: "guess \(index)"), from: "192.0.2.\(index + 1)"
                )
                .expect(.badRequest)
            }
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "guess 13"), from: "192.0.2.100")
                .expect(.tooManyRequests)
        }
    }

    @Test func oneAddressTryingManyAccountsMeetsThePerAddressLimit() async throws {
        try await TestServer.run(configure: { $0.limits.loginFailuresPerAddress = RateLimit(maxAttempts: 5, windowSeconds: 900) }) {
            server in
            for index in 0..<5 {
                try await server.post(APIPaths.login, json: LoginRequest(email: "nobody\(index)@example.com", password: "a guess"))
                    .expect(.badRequest)
            }
            try await server.post(APIPaths.login, json: LoginRequest(email: "nobody6@example.com", password: "a guess"))
                .expect(.tooManyRequests)
        }
    }

    @Test func aSuccessfulLoginGivesItsAttemptBack() async throws {
        try await TestServer.run(configure: { $0.limits.loginPerAccountAndAddress = RateLimit(maxAttempts: 3, windowSeconds: 900) }) {
            server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            for _ in 0..<5 { _ = try await server.login(email) }
            for _ in 0..<2 {
                try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "a wrong guess")).expect(.badRequest)
            }
            #expect(try await server.login(email).success, "successes do not count, and one clears the failures")
            for _ in 0..<3 {
                try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "a wrong guess")).expect(.badRequest)
            }
        }
    }
}
