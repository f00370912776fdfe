import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Administration over HTTP: the list of accounts, disabling (every session of the account
/// ends: access token, refresh token, browser session, on every replica) and enabling, the
/// last admin kept, and the audit log of it all.
@Suite("Administration", .hangGuard)
struct AdminAccountTests {
    @Test func disablingEndsTheAccessTokenTheRefreshTokenAndTheBrowserSession() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let email = uniqueEmail("student")
            let student = try await server.signUp(email, role: .student)
            var browser = TestBrowser(server)
            try await browser.get("/login")
            try await browser.follow(
                try await browser.post("/login", [("email", email), ("password", "correct horse battery")]).expect(.seeOther))
            try await browser.get("/courses").expect(.ok)
            let userID = try #require(student.userId)

            try await server.post(APIPaths.disableUser(userID), raw: "", token: admin.token).expect(.ok)
            try await server.get(APIPaths.me, token: student.token).expect(.unauthorized)
            let refresh = try await server.post(
                APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: try #require(student.refreshToken)))
            #expect(refresh.status == .unauthorized)
            let page = try await browser.get("/courses")
            #expect(page.status == .seeOther && page.headers[.location]?.hasPrefix("/login") == true)
            // Signing in again is refused with a reason, only once the password is right.
            let wrong = try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "not the password"))
            #expect(wrong.status == .badRequest)
            let refused = try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"))
            #expect(refused.status == .forbidden)
            #expect(refused.error?.message.contains("disabled") == true)
            let listed = try await server.get(APIPaths.adminUsers + "?q=" + email, token: admin.token).decode([AccountInfo].self)
            #expect(listed.map(\.disabled) == [true])

            try await server.post(APIPaths.enableUser(userID), raw: "", token: admin.token).expect(.ok)
            let again = try await server.login(email)
            try await server.get(APIPaths.me, token: again.token).expect(.ok)
            try await server.get(APIPaths.me, token: student.token).expect(.unauthorized)  // the old sessions stay ended
        }
    }

    @Test func theLastEnabledAdminCannotBeDisabled() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let adminID = try #require(admin.userId)
            let last = try await server.post(APIPaths.disableUser(adminID), raw: "", token: admin.token)
            #expect(last.status == .conflict)
            let email = uniqueEmail("admin")
            let token = try await server.invite(email, role: .admin, admin: admin)
            try await server.post(APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "correct horse battery"))
                .expect(.created)
            let second = try await server.login(email)
            try await server.post(APIPaths.disableUser(try #require(second.userId)), raw: "", token: admin.token).expect(.ok)
            try await server.post(APIPaths.disableUser(adminID), raw: "", token: admin.token).expect(.conflict)
            try await server.post(APIPaths.disableUser(999_999_999), raw: "", token: admin.token).expect(.notFound)
            try await server.post(APIPaths.enableUser(999_999_999), raw: "", token: admin.token).expect(.notFound)
            for bad in ["abc", "-1", "99999999999999999999999", "1.5", "%22%CC%81"] {
                let reply = try await server.post("/api/admin/users/\(bad)/disable", raw: "", token: admin.token)
                #expect((400..<500).contains(reply.status.code), "\(bad): \(reply.status)")
            }
        }
    }

    @Test func theAccountListFiltersSearchesAndPages() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let marker = UUID().uuidString.prefix(8).lowercased()
            for index in 0..<3 { try await server.register("s\(index)-\(marker)@example.com", role: .student).expect(.created) }
            let teacher = try await server.invitedFaculty(admin: admin, email: "t-\(marker)@example.com")
            let students = try await server.get(APIPaths.adminUsers + "?role=student&q=" + marker.uppercased(), token: admin.token)
                .expect(.ok).decode([AccountInfo].self)
            #expect(students.map(\.email) == (0..<3).map { "s\($0)-\(marker)@example.com" })
            #expect(students.allSatisfy { $0.role == .student && !$0.disabled && $0.lastSignInAt == nil })
            let faculty = try await server.get(APIPaths.adminUsers + "?role=faculty", token: admin.token).decode([AccountInfo].self)
            #expect(faculty.map(\.id) == [teacher.userId].compactMap { $0 })
            #expect(faculty.first?.lastSignInAt != nil)
            // Page by page, with the Link header.
            var seen: [String] = []
            var path: String? = APIPaths.adminUsers + "?limit=2&q=" + marker
            while let next = path {
                let reply = try await server.get(next, token: admin.token).expect(.ok)
                seen += try reply.decode([AccountInfo].self).map(\.email)
                path = reply.headers[HTTPField.Name("Link")!].flatMap { LinkHeader.next(in: $0) }
            }
            #expect(seen.count == 4)
            try await server.get(APIPaths.adminUsers + "?role=root", token: admin.token).expect(.badRequest)
            try await server.get(APIPaths.adminUsers + "?role=", token: admin.token).expect(.badRequest)
            try await server.get(APIPaths.adminUsers + "?limit=0", token: admin.token).expect(.badRequest)
            try await server.get(APIPaths.adminUsers + "?cursor=forged", token: admin.token).expect(.badRequest)
            for text in FuzzText.inputs + [String(repeating: "x", count: 300)] {
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                let reply = try await server.get(APIPaths.adminUsers + "?q=" + query, token: admin.token)
                #expect(reply.status == .ok || reply.status == .badRequest, "\(text): \(reply.status)")
            }
        }
    }

    @Test func everyAdminActionIsInTheAuditLog() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let email = uniqueEmail("teacher")
            _ = try await server.invite(email, admin: admin)
            let invitationID = try #require(
                try await server.get(APIPaths.adminInvitations, token: admin.token).decode([InvitationInfo].self).first?.id)
            try await server.send(.delete, APIPaths.adminInvitation(invitationID), token: admin.token).expect(.ok)
            let studentEmail = uniqueEmail("student")
            let student = try await server.signUp(studentEmail, role: .student)
            let studentID = try #require(student.userId)
            try await server.post(APIPaths.disableUser(studentID), raw: "", token: admin.token).expect(.ok)
            try await server.post(APIPaths.enableUser(studentID), raw: "", token: admin.token).expect(.ok)

            let entries = try await server.get(APIPaths.adminAudit, token: admin.token).expect(.ok).decode([AuditEntry].self)
            #expect(entries.map(\.action) == ["enabled", "disabled", "revoked_invitation", "invited"])
            #expect(entries.allSatisfy { $0.actorId == admin.userId && $0.clientAddress == "127.0.0.1" })
            #expect(entries.map(\.targetEmail) == [studentEmail, studentEmail, email, email])
            let page = try await server.get(APIPaths.adminAudit + "?limit=3", token: admin.token)
            #expect(try page.decode([AuditEntry].self).count == 3)
            let next = try #require(page.headers[HTTPField.Name("Link")!].flatMap { LinkHeader.next(in: $0) })
            #expect(try await server.get(next, token: admin.token).decode([AuditEntry].self).map(\.action) == ["invited"])
        }
    }

    /// Disabling ends every session of the account on every replica: another replica that
    /// remembers the app's session and the browser's as open (for ten minutes here) forgets
    /// both once PostgreSQL's notification arrives (what is awaited is that event, not a time),
    /// and the refresh token and a new sign-in are refused there too.
    @Test func disablingEndsEverySessionOnAnotherReplica() async throws {
        var settings = try await LiveServer.configuration()
        settings.facultyRegistration = .invite
        settings.sessionCacheSeconds = 600
        let configuration = settings
        let adminEmail = uniqueEmail("admin")
        _ = try await AdminCreation.create(email: adminEmail, password: TestServer.adminPassword, configuration: configuration)
        try await LiveServer.run(configuration) { first in
            try await LiveServer.run(configuration) { second in
                let one = TestServer(client: first)
                let other = TestServer(client: second)
                let admin = try await one.login(adminEmail, password: TestServer.adminPassword)
                let email = uniqueEmail("student")
                let student = try await one.signUp(email, role: .student)
                var browser = TestBrowser(one)
                try await browser.get("/login").expect(.ok)
                try await browser.post("/login", [("email", email), ("password", "correct horse battery")]).expect(.seeOther)
                var elsewhere = TestBrowser(other)
                elsewhere.cookies = browser.cookies
                for _ in 0..<2 {
                    try await other.get(APIPaths.me, token: student.token).expect(.ok)
                    try await elsewhere.get("/courses").expect(.ok)
                }
                try await one.post(APIPaths.disableUser(try #require(student.userId)), raw: "", token: admin.token).expect(.ok)
                try await eventually("the other replica to refuse the disabled account's token") {
                    try await other.get(APIPaths.me, token: student.token).status == .unauthorized
                }
                try await eventually("the other replica to refuse the disabled account's browser session") {
                    try await elsewhere.get("/courses").status == .seeOther
                }
                let refresh = try await other.post(
                    APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: try #require(student.refreshToken)))
                #expect(refresh.status == .unauthorized)
                try await other.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery")).expect(.forbidden)
            }
        }
    }
}
