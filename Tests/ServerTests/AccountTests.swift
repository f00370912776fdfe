import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Testing

@testable import ExamPrepServer

@Suite("Registration and login", .hangGuard)
struct AccountTests {
    @Test func registerThenLoginGivesTokensAndRole() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await TestServer.run(configure: { $0.clock = clock.serverClock }) { server in
            let email = uniqueEmail()
            let registered = try await server.register(email, role: .faculty).expect(.created).decode(RegistrationResponse.self)
            #expect(registered.success)
            #expect(registered.userId != nil)

            let login = try await server.login(email)
            #expect(login.success)
            #expect(login.roleId == Role.faculty.rawValue)
            #expect(login.token.split(separator: ".").count == 3)
            #expect((login.refreshToken?.count ?? 0) >= 43)
            #expect(login.exp == Int(clock.now.timeIntervalSince1970) + 15 * 60, "15 minutes")
        }
    }

    @Test func roleMayBeGivenByName() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            try await server.post(
                APIPaths.register, raw: #"{"email":"\#(email)","password":"long enough pw","role":"student"}"#
            ).expect(.created)
            #expect(try await server.login(email, password: "long enough pw").roleId == 2)
        }
    }

    @Test func emailIsUniqueRegardlessOfCaseAndTrimmed() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            let again = try await server.register("  " + email.uppercased() + " ", role: .faculty)
            #expect(again.status == .conflict)
            #expect(again.error?.error == .emailTaken)
            #expect(again.error?.message == "This email is already registered.")
            // Login works with any case of the address.
            #expect(try await server.login(email.uppercased()).success)
        }
    }

    @Test(arguments: [
        (#"{"email":"not-an-email","password":"long enough pw","roleId":1}"#, "Email is not a valid address."),
        (#"{"email":"a@b.co","password":"short","roleId":1}"#, "Password must be at least 8 characters."),
        (#"{"email":"a@b.co","password":"long enough pw"}"#, "'roleId' is required."),
        (#"{"email":"a@b.co","password":"long enough pw","roleId":4}"#, "unknown role id 4"),
        (#"{"email":"a@b.co","password":"long enough pw","role":"root"}"#, "unknown role 'root'"),
        (#"{"password":"long enough pw","roleId":1}"#, "'email' is required."),
        (#"{"email":"a@b.co","password":12345678,"roleId":1}"#, "'password' must be a string."),
    ])
    func invalidRegistrationsGetAClear400(body: String, message: String) async throws {
        try await TestServer.run { server in
            let reply = try await server.post(APIPaths.register, raw: body)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.error == .validationFailed)
            #expect(reply.error?.message.contains(message) == true, "\(reply.text)")
        }
    }

    @Test func passwordsAreNeverTrimmedAndMayBe128Characters() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let password = "  " + String(repeating: "é", count: 126)
            try await server.register(email, password: password, role: .student).expect(.created)
            #expect(try await server.login(email, password: password).success)
            let trimmed = try await server.post(
                APIPaths.login, json: LoginRequest(email: email, password: String(password.dropFirst(2))))
            #expect(trimmed.status == .badRequest)
            let tooLong = try await server.register(uniqueEmail(), password: String(repeating: "x", count: 129), role: .student)
            #expect(tooLong.error?.message == "Password may be at most 128 characters.")
        }
    }

    @Test func unknownEmailAndWrongPasswordLookTheSame() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            let wrongPassword = try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "wrong password"))
            let unknownEmail = try await server.post(
                APIPaths.login, json: LoginRequest(email: uniqueEmail(), password: "wrong password"))
            #expect(wrongPassword.status == .badRequest)
            #expect(wrongPassword.status == unknownEmail.status)
            #expect(wrongPassword.body == unknownEmail.body)
            #expect(wrongPassword.error?.error == .invalidCredentials)
        }
    }

    @Test func twentyConcurrentRegistrationsOfOneEmailMakeOneAccount() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        let spelled = index.isMultiple(of: 2) ? email : email.uppercased()
                        return try await server.register(spelled, role: .student).status.code
                    }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1)
            #expect(statuses.filter { $0 == 409 }.count == 19)
            #expect(try await server.login(email).success)
        }
    }

    @Test func eleventhFailedLoginIsRateLimitedUntilTheWindowPasses() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            for _ in 0..<10 {
                try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "wrong password")).expect(.badRequest)
            }
            let limited = try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"))
            #expect(limited.status == .tooManyRequests)
            #expect(limited.error?.error == .rateLimited)
            let retryAfter = Int(limited.headers[.retryAfter] ?? "") ?? 0
            #expect((800...900).contains(retryAfter))
        }
    }

    @Test func failuresExpireWithTheWindow() async throws {
        let clock = TestClock()
        try await TestServer.run(configure: {
            $0.clock = clock.serverClock
            $0.limits.loginPerAccountAndAddress = RateLimit(maxAttempts: 2, windowSeconds: 60)
        }) { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            for _ in 0..<2 {
                try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "wrong password"))
            }
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"))
                .expect(.tooManyRequests)
            clock.advance(by: 59)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"))
                .expect(.tooManyRequests)
            clock.advance(by: 2)
            #expect(try await server.login(email).success)
        }
    }
}
