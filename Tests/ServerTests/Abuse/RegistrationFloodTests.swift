import ExamPrepShared
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@testable import ExamPrepServer

/// Hole 5: 80 clients registering a taken email (all 409) made 19 of 20 genuine logins fail
/// with 503. A taken email is answered before any hashing, registrations are limited per
/// address, and logins go before registrations on the hashing threads.
@Suite("Abuse: registration floods", .timeLimit(.minutes(3)))
struct RegistrationFloodTests {
    @Test func aFloodOfRegistrationsNeverMakesALoginFail() async throws {
        try await TestServer.run(configure: {
            $0.setTrustedProxies(["127.0.0.1"])
            // One low-priority hashing thread with 60 hashes queued: a small cost keeps the last
            // registration inside the test client's 20 s on a loaded machine.
            try? $0.setHashScheme("yescrypt", cost: 3)
            $0.hashThreads = 1
            $0.limits.registrationsPerAddress = RateLimit(maxAttempts: 1000, windowSeconds: 3600)
        }) { server in
            let taken = uniqueEmail("taken")
            try await server.register(taken, role: .student).expect(.created)
            var users: [String] = []
            for _ in 0..<20 {
                let email = uniqueEmail("genuine")
                try await server.register(email, role: .student).expect(.created)
                users.append(email)
            }
            let logins = try await withThrowingTaskGroup(of: (String, Int).self) { group in
                for index in 0..<80 {
                    // Half the flood registers the taken email, half new ones that must be hashed.
                    let email = index.isMultiple(of: 2) ? taken : uniqueEmail("flood")
                    group.addTask {
                        let request = RegistrationRequest(email: email, password: "correct horse battery", role: .student)
                        do {
                            return (
                                "register",
                                try await server.post(APIPaths.register, json: request, from: "192.0.2.\(index + 1)").status.code
                            )
                        } catch TestClient.Error.readTimeout {
                            // The flood's own new accounts queue behind every login for the one
                            // low-priority hashing thread; on a machine loaded by the rest of the
                            // suite the last may outlast the test client's 20 s. Only the logins
                            // are under test.
                            return ("register", 0)
                        }
                    }
                }
                for email in users {
                    group.addTask {
                        (
                            "login",
                            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"))
                                .status.code
                        )
                    }
                }
                return try await group.reduce(into: [(String, Int)]()) { $0.append($1) }
            }
            let loginStatuses = logins.filter { $0.0 == "login" }.map(\.1)
            #expect(loginStatuses == Array(repeating: 200, count: 20))
            let registrations = logins.filter { $0.0 == "register" }.map(\.1)
            #expect(registrations.filter { $0 == 409 }.count == 40)
        }
    }

    @Test func aTakenEmailIsAnsweredWithoutHashing() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            let before = try await LoginLimitTests.hashesCompleted(server)
            for _ in 0..<5 { try await server.register(email.uppercased(), role: .student).expect(.conflict) }
            #expect(try await LoginLimitTests.hashesCompleted(server) == before)
        }
    }

    @Test func registrationsAreLimitedPerAddress() async throws {
        try await TestServer.run(configure: { $0.limits.registrationsPerAddress = RateLimit(maxAttempts: 3, windowSeconds: 3600) }) {
            server in
            for _ in 0..<3 { try await server.register(uniqueEmail(), role: .student).expect(.created) }
            let limited = try await server.register(uniqueEmail(), role: .student)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
    }
}
