import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Testing

@testable import ExamPrepServer

@Suite("Refresh tokens and logout", .hangGuard)
struct TokenTests {
    @Test func refreshRotatesBothTokens() async throws {
        try await TestServer.run { server in
            let login = try await server.signUp(uniqueEmail(), role: .student)
            let refreshed = try await server.post(
                APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: login.refreshToken!)
            ).expect(.ok).decode(RefreshTokenResponse.self)
            #expect(refreshed.refreshToken != login.refreshToken)
            #expect(refreshed.token != login.token)
            #expect(refreshed.roleId == Role.student.rawValue)
            try await server.get(APIPaths.me, token: refreshed.token).expect(.ok)
        }
    }

    @Test func reusingARefreshTokenEndsTheWholeSession() async throws {
        try await TestServer.run { server in
            let login = try await server.signUp(uniqueEmail(), role: .student)
            let first = try await server.post(
                APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: login.refreshToken!)
            ).decode(RefreshTokenResponse.self)

            let reuse = try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: login.refreshToken!))
            #expect(reuse.status == .unauthorized)
            // Everything of that session is dead: the newest refresh token and the access tokens.
            try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: first.refreshToken!))
                .expect(.unauthorized)
            try await server.get(APIPaths.me, token: first.token).expect(.unauthorized)
            try await server.get(APIPaths.me, token: login.token).expect(.unauthorized)
        }
    }

    @Test func anUnknownRefreshTokenIs401() async throws {
        try await TestServer.run { server in
            let reply = try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: "not-a-token"))
            #expect(reply.status == .unauthorized)
            #expect(reply.error?.error == .unauthorized)
        }
    }

    @Test func logoutEndsTheCurrentSessionOnly() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let phone = try await server.signUp(email, role: .faculty)
            let laptop = try await server.login(email)

            try await server.send(.post, APIPaths.logout, token: phone.token).expect(.ok)
            try await server.get(APIPaths.me, token: phone.token).expect(.unauthorized)
            try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: phone.refreshToken!))
                .expect(.unauthorized)
            try await server.get(APIPaths.me, token: laptop.token).expect(.ok)
        }
    }

    @Test func logoutWithScopeAllEndsEverySession() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let phone = try await server.signUp(email, role: .faculty)
            let laptop = try await server.login(email)
            try await server.send(.post, APIPaths.logout + "?scope=all", token: phone.token).expect(.ok)
            try await server.get(APIPaths.me, token: laptop.token).expect(.unauthorized)
            try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: laptop.refreshToken!))
                .expect(.unauthorized)
            let unknownScope = try await server.send(.post, APIPaths.logout + "?scope=some", token: laptop.token)
            #expect(unknownScope.status == .unauthorized)
        }
    }

    @Test func logoutRejectsAnUnknownScope() async throws {
        try await TestServer.run { server in
            let login = try await server.signUp(uniqueEmail(), role: .student)
            let reply = try await server.send(.post, APIPaths.logout + "?scope=everything", token: login.token)
            #expect(reply.status == .badRequest)
        }
    }

    @Test func sessionsSurviveARestartOfTheServer() async throws {
        let database = try await TestDatabase.makeDatabase(migrated: true)
        let login: LoginResponse? = try await TestServer.run(configure: { $0.database = .external(database) }) { server in
            try await server.signUp(uniqueEmail(), role: .student)
        }
        try await TestServer.run(configure: { $0.database = .external(database) }) { server in
            try await server.get(APIPaths.me, token: login!.token).expect(.ok)
            try await server.post(APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: login!.refreshToken!))
                .expect(.ok)
        }
    }
}
