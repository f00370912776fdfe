import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Hole 5: 80 clients registering a taken email (all 409) made 19 of 20 genuine logins fail
/// with 503. A taken email is answered before any hashing, registrations are limited per
/// address, and logins go before registrations on the hashing threads.
@Suite("Abuse: registration floods", .hangGuard)
struct RegistrationFloodTests {
    static let password = "correct horse battery"

    @Test func aFloodOfRegistrationsNeverMakesALoginFail() async throws {
        // Every client of the flood comes from an address of its own and stays within the
        // limit of one registration per address, as a botnet's would.
        let perAddress = RateLimit(maxAttempts: 1, windowSeconds: 3600)
        try await TestServer.runWithDatabase(configure: {
            $0.setTrustedProxies(["127.0.0.1"])
            // One low-priority hashing thread with 40 new passwords to hash and 20 logins.
            $0.hashThreads = 1
            $0.limits.registrationsPerAddress = perAddress
        }) { server, pool in
            let taken = uniqueEmail("taken")
            // The accounts that log in are made behind the API: only the flood's hashes count.
            let users = (0..<20).map { _ in uniqueEmail("genuine") }
            try await pool.makeAccounts([taken] + users)
            // Every request on a connection of its own, all at once: the server answers them
            // side by side, as it would a flood.
            let replies = try await withThrowingTaskGroup(of: (String, Int).self) { group in
                for index in 0..<80 {
                    // Half the flood registers the taken email, half new ones that must be hashed.
                    let email = index.isMultiple(of: 2) ? taken : uniqueEmail("flood")
                    group.addTask {
                        let request = RegistrationRequest(email: email, password: Self.password, role: .student)
                        let reply = try await server.post(APIPaths.register, json: request, from: "192.0.2.\(index + 1)")
                        return (email == taken ? "taken" : "new", reply.status.code)
                    }
                }
                for (index, email) in users.enumerated() {
                    group.addTask {
                        let request = LoginRequest(email: email, password: Self.password)
                        return ("login", try await server.post(APIPaths.login, json: request, from: "203.0.113.\(index + 1)").status.code)
                    }
                }
                return try await group.reduce(into: [String: [Int]]()) { $0[$1.0, default: []].append($1.1) }
            }
            #expect(replies["login"] == Array(repeating: 200, count: 20))
            #expect(replies["taken"] == Array(repeating: 409, count: 40), "the taken email, once from each of 40 addresses")
            #expect(replies["new"] == Array(repeating: 201, count: 40), "a new email, once from each of 40 addresses")
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
        let perAddress = RateLimit(maxAttempts: 3, windowSeconds: 3600)
        try await TestServer.run(configure: { $0.limits.registrationsPerAddress = perAddress }) { server in
            for _ in 0..<perAddress.maxAttempts { try await server.register(uniqueEmail(), role: .student).expect(.created) }
            let limited = try await server.register(uniqueEmail(), role: .student)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
        }
    }
}
