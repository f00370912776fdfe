import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Account self-service over HTTP: what a user may do to their own sessions and account, and
/// nothing more; a password asked for there is checked as a login is.
@Suite("Account self-service", .hangGuard)
struct SelfServiceTests {
    /// The ids of the caller's open sessions.
    static func sessionIDs(_ server: TestServer, token: String) async throws -> [UUID] {
        try await server.get(APIPaths.meSessions, token: token).expect(.ok).decode([SessionInfo].self).map(\.id)
    }

    @Test func anotherUsersSessionCannotBeEndedByItsId() async throws {
        try await TestServer.run { server in
            let malloryEmail = uniqueEmail("mallory")
            let mallory = try await server.signUp(malloryEmail, role: .student)
            let victim = try await server.signUp(uniqueEmail("victim"), role: .student)
            let victimSession = try #require(try await Self.sessionIDs(server, token: victim.token).first)

            let reply = try await server.delete(APIPaths.meSession(victimSession), token: mallory.token)
            #expect(reply.status == .notFound)
            #expect(reply.error?.message == "You have no open session with that id.", "the route's answer, not the router's")
            #expect(try await Self.sessionIDs(server, token: victim.token) == [victimSession])
            try await server.get(APIPaths.me, token: victim.token).expect(.ok)
            // The same request for a session of the caller's own ends it.
            let malloryElsewhere = try await server.login(malloryEmail)
            let other = try #require(try await Self.sessionIDs(server, token: malloryElsewhere.token).last)
            try await server.delete(APIPaths.meSession(other), token: mallory.token).expect(.ok)
            try await server.get(APIPaths.me, token: malloryElsewhere.token).expect(.unauthorized)
        }
    }

    /// The two routes that ask for the current password, each sent with `password`.
    enum PasswordRoute: String, CaseIterable, Sendable {
        case changePassword, deleteAccount

        func send(_ server: TestServer, password: String, token: String) async throws -> TestReply {
            switch self {
            case .changePassword:
                try await server.post(
                    APIPaths.mePassword, json: ChangePasswordRequest(currentPassword: password, newPassword: "a brand new passphrase"),
                    token: token)
            case .deleteAccount:
                try await server.send(.delete, APIPaths.me, json: DeleteAccountRequest(password: password), token: token)
            }
        }
    }

    @Test(arguments: PasswordRoute.allCases)
    func aWrongCurrentPasswordCountsAsAFailedLogin(route: PasswordRoute) async throws {
        let limit = RateLimit(maxAttempts: 3, windowSeconds: 900)
        try await TestServer.run(configure: { $0.limits.loginPerAccountAndAddress = limit }) { server in
            let email = uniqueEmail()
            let login = try await server.signUp(email, role: .student)
            for _ in 0..<limit.maxAttempts {
                let wrong = try await route.send(server, password: "not my password", token: login.token)
                #expect(wrong.status == .badRequest)
                #expect(wrong.error?.error == .invalidCredentials)
            }
            // The limit is reached: the right password is refused too, here and at login.
            let limited = try await route.send(server, password: "correct horse battery", token: login.token)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.error?.error == .rateLimited)
            #expect(Int(limited.headers[.retryAfter] ?? "") ?? 0 > 0)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"))
                .expect(.tooManyRequests)
            // Nothing changed: the account is there with its old password and its session.
            try await server.get(APIPaths.me, token: login.token).expect(.ok)
        }
    }

    @Test func deletingTheAccountWithAWrongPasswordKeepsIt() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let login = try await server.signUp(email, role: .faculty)
            let course = try await server.createCourse("Kept", token: login.token)

            let reply = try await server.send(
                .delete, APIPaths.me, json: DeleteAccountRequest(password: "not my password"), token: login.token)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.error == .invalidCredentials)
            #expect(try await server.get(APIPaths.me, token: login.token).expect(.ok).decode(UserProfile.self).email == email)
            let courses = try await server.get(APIPaths.facultyCourses, token: login.token).expect(.ok).decode([Course].self)
            #expect(courses.map(\.id) == [course.id])
            #expect(try await server.login(email).success)
        }
    }

    @Test func logoutWithARefreshTokenInTheBodyEndsThatTokensSessionToo() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let here = try await server.signUp(email, role: .student)
            let there = try await server.login(email)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .student)

            // Another user's refresh token in the body is not the caller's to end.
            try await server.post(APIPaths.logout, json: LogoutRequest(refreshToken: stranger.refreshToken), token: here.token)
                .expect(.ok)
            let strangerRefreshed = try await server.post(
                APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: try #require(stranger.refreshToken)))
            #expect(strangerRefreshed.status == .ok, "the stranger's session ended: \(strangerRefreshed.text)")

            let again = try await server.login(email)
            try await server.post(APIPaths.logout, json: LogoutRequest(refreshToken: there.refreshToken), token: again.token)
                .expect(.ok)
            try await server.get(APIPaths.me, token: again.token).expect(.unauthorized)
            let refreshed = try await server.post(
                APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: try #require(there.refreshToken)))
            #expect(refreshed.status == .unauthorized, "the refresh token sent at logout still works: \(refreshed.text)")
            try await server.get(APIPaths.me, token: there.token).expect(.unauthorized)
        }
    }
}
