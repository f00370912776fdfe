import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Testing

@testable import ExamPrepServer

@Suite("Password hashing")
struct PasswordHashingTests {
    /// bcrypt test vectors of the OpenBSD implementation ("U*U"), in the three spellings the
    /// first version's bcryptjs and other tools write.
    static let legacyHashes = [
        "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
        "$2b$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
        "$2y$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
    ]

    @Test func yescryptIsTheDefaultAndVerifies() async throws {
        let hasher = try await PasswordHasher.start(scheme: .default, threads: 1)
        let hash = try await hasher.hash("correct horse battery")
        #expect(hash.hasPrefix("$y$"))
        #expect(try await hasher.verify("correct horse battery", against: hash))
        #expect(try await !hasher.verify("correct horse batterY", against: hash))
        #expect(!hasher.needsRehash(hash))
        await hasher.shutdown()
    }

    @Test(arguments: legacyHashes)
    func bcryptFromAnotherToolVerifiesAndNeedsUpgrade(hash: String) async throws {
        let hasher = try await PasswordHasher.start(scheme: .yescrypt(cost: 1), threads: 1)
        #expect(try await hasher.verify("U*U", against: hash))
        #expect(try await !hasher.verify("U*V", against: hash))
        #expect(hasher.needsRehash(hash))
        await hasher.shutdown()
    }

    @Test func aFullQueueAnswers503WithRetryAfter() async throws {
        let hasher = try await PasswordHasher.start(scheme: .yescrypt(cost: 5), threads: 1, maxQueued: 2)
        let outcomes = await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do {
                        _ = try await hasher.hash("some password")
                        return nil
                    } catch let error as APIError {
                        return error.retryAfter
                    } catch {
                        return -1
                    }
                }
            }
            return await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        #expect(outcomes.contains { $0 == nil })
        #expect(outcomes.contains { $0 == 1 })
        #expect(!outcomes.contains { $0 == -1 })
        await hasher.shutdown()
    }

    @Test(arguments: legacyHashes)
    func aLegacyBcryptAccountLogsInAndIsUpgraded(hash: String) async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        try await TestServer.run(configure: { $0.database = .external(database) }) { server in
            let email = uniqueEmail("legacy")
            let pool = PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test"))
            try await pool.execute("INSERT INTO users (email, password_hash, role_id) VALUES (\(email), \(hash), 2)")

            #expect(try await server.login(email, password: "U*U").success)
            let stored = try await pool.query("SELECT password_hash FROM users WHERE email = \(email)")[0]
                .decode("password_hash", as: String.self)
            #expect(stored.hasPrefix("$y$"))
            #expect(try await server.login(email, password: "U*U").success)
            await pool.shutdown()
        }
    }

    @Test func aLongPasswordCannotLogInWithADifferentTail() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let head = String(repeating: "a", count: 72)
            try await server.register(email, password: head + "-the-real-tail", role: .student).expect(.created)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: head + "-another-tail"))
                .expect(.badRequest)
            #expect(try await server.login(email, password: head + "-the-real-tail").success)
        }
    }

    @Test func bcryptConfiguredRejectsPasswordsOver72BytesInsteadOfCuttingThem() async throws {
        try await TestServer.run(configure: { try? $0.setHashScheme("bcrypt", cost: 4) }) { server in
            let reply = try await server.register(uniqueEmail(), password: String(repeating: "ü", count: 40), role: .student)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.message == "Password may be at most 72 bytes with the configured hashing scheme.")
        }
    }

    @Test func aLegacyBcryptHashNeverMatchesAPasswordLongerThan72Bytes() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        try await TestServer.run(configure: { $0.database = .external(database) }) { server in
            let hasher = try await PasswordHasher.start(scheme: .bcrypt(cost: 4), threads: 1)
            let head = String(repeating: "b", count: 72)
            let hash = try await hasher.hash(head + "tail-one")
            let email = uniqueEmail("legacy")
            let pool = PostgresPool(configuration: database, maxConnections: 1, logger: .init(label: "test"))
            try await pool.execute("INSERT INTO users (email, password_hash, role_id) VALUES (\(email), \(hash), 2)")
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: head + "tail-two"))
                .expect(.badRequest)
            await pool.shutdown()
            await hasher.shutdown()
        }
    }
}
