import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Password resets without mail: an admin's link for anyone, a teacher's for a student of
/// their course; one hour, once; a reset ends every session. And the request for a mailed
/// link: the same answer whether or not the account exists, limited per address and account.
@Suite("Password resets", .hangGuard)
struct PasswordResetTests {
    static func token(of link: OneTimeLink) -> String { String(link.url.split(separator: "/").last ?? "") }

    @Test func anAdminsLinkSetsANewPasswordOnceAndEndsEverySession() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await TestServer.runWithAdmin(configure: { $0.clock = clock.serverClock }) { server, admin, _ in
            let email = uniqueEmail("teacher")
            let teacher = try await server.invitedFaculty(admin: admin, email: email)
            let link = try await server.post(APIPaths.adminResetLink(try #require(teacher.userId)), raw: "", token: admin.token)
                .expect(.created).decode(OneTimeLink.self)
            #expect(link.url.hasPrefix("http://127.0.0.1:\(server.port)/reset/"))
            #expect(link.expiresAt == clock.now.addingTimeInterval(3600), "an hour")
            let token = Self.token(of: link)
            try await server.post(APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "short"))
                .expect(.badRequest)
            try await server.post(
                APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "a new passphrase here")
            ).expect(.ok)
            try await server.get(APIPaths.me, token: teacher.token).expect(.unauthorized)
            let refresh = try await server.post(
                APIPaths.refreshToken, json: RefreshTokenRequest(refreshToken: try #require(teacher.refreshToken)))
            #expect(refresh.status == .unauthorized)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery")).expect(.badRequest)
            _ = try await server.login(email, password: "a new passphrase here")
            let reused = try await server.post(
                APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "yet another passphrase"))
            #expect(reused.status == .gone)
            #expect(reused.error?.error == .gone)
            let audit = try await server.get(APIPaths.adminAudit, token: admin.token).decode([AuditEntry].self)
            #expect(audit.first?.action == "made_reset_link" && audit.first?.targetEmail == email)
            try await server.post(APIPaths.adminResetLink(999_999_999), raw: "", token: admin.token).expect(.notFound)
        }
    }

    @Test func aTeachersLinkIsForTheirEnrolledStudentsOnly() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            let teacher = try await server.invitedFaculty(admin: admin)
            let otherTeacher = try await server.invitedFaculty(admin: admin)
            let course = try await server.createCourse("Resets", token: teacher.token)
            let courseID = try #require(course.id)
            // The teacher's class list makes the student's account (a teacher's link reaches no other).
            let studentEmail = uniqueEmail("student")
            try await ClassListConsentTests.importList(server, course: courseID, "email\n\(studentEmail)\n", token: teacher.token)
                .expect(.created)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .student)
            let roster = try await server.get(APIPaths.classList(courseID), token: teacher.token).decode([CourseRosterStudent].self)
            let studentID = try #require(roster.first?.userId)

            let link = try await server.post(APIPaths.studentResetLink(courseID, studentID), raw: "", token: teacher.token)
                .expect(.created).decode(OneTimeLink.self)
            try await server.post(APIPaths.studentResetLink(courseID, try #require(stranger.userId)), raw: "", token: teacher.token)
                .expect(.notFound)
            try await server.post(APIPaths.studentResetLink(courseID, studentID), raw: "", token: otherTeacher.token).expect(.notFound)
            try await server.post(APIPaths.studentResetLink(courseID, try #require(otherTeacher.userId)), raw: "", token: teacher.token)
                .expect(.notFound)
            try await server.post(APIPaths.studentResetLink(courseID, studentID), raw: "", token: stranger.token).expect(.forbidden)
            // Expired: gone.
            try await pool.execute("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second'")
            let expired = try await server.post(
                APIPaths.completePasswordReset(token: Self.token(of: link)), json: PasswordResetCompletion(newPassword: "a new passphrase"))
            #expect(expired.status == .gone)
        }
    }

    /// Housekeeping deletes links a day after they expired or were used; a link that still
    /// works, or ended less than a day ago, stays.
    @Test func spentLinksAreDeletedADayLater() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            let teacher = try await server.invitedFaculty(admin: admin)
            let userID = try #require(teacher.userId)
            for _ in 0..<5 {
                try await server.post(APIPaths.adminResetLink(userID), raw: "", token: admin.token).expect(.created)
            }
            let ids = try await pool.query("SELECT token_hash FROM password_reset_tokens WHERE user_id = \(userID) ORDER BY token_hash")
                .map { try $0.decode("token_hash", as: [UInt8].self) }
            try #require(ids.count == 5)
            let ages: [(expires: String, used: String?)] = [
                ("2 days", nil), ("-1 hour", "2 days"), ("1 hour", nil), ("-1 hour", "1 hour"), ("25 hours", nil),
            ]
            for (id, age) in zip(ids, ages) {
                try await pool.execute(
                    """
                    UPDATE password_reset_tokens SET expires_at = now() - \(age.expires)::interval,
                        used_at = now() - \(age.used)::interval
                    WHERE token_hash = \(id)
                    """)
            }
            let resets = PasswordResetRepository(pool: pool, clock: .system)
            #expect(try await resets.deleteSpent(logger: .init(label: "test")) == 3)
            let left = try await pool.query("SELECT token_hash FROM password_reset_tokens WHERE user_id = \(userID) ORDER BY token_hash")
                .map { try $0.decode("token_hash", as: [UInt8].self) }
            #expect(left == [ids[2], ids[3]], "expired an hour ago, and used an hour ago")
        }
    }

    @Test func guessedTokensAreGoneNeverAFailure() async throws {
        try await TestServer.run { server in
            let guesses = [String(repeating: "A", count: 43), "x", "%00", String(repeating: "z", count: 4_000), "%22%CC%81", "..%2F"]
            for guess in guesses {
                let reply = try await server.post(
                    "/api/password-reset/" + guess, json: PasswordResetCompletion(newPassword: "a good long passphrase"))
                #expect((400..<500).contains(reply.status.code), "\(guess): \(reply.status)")
            }
            for password in FuzzText.inputs where password.unicodeScalars.count < 8 {
                let reply = try await server.post(
                    APIPaths.completePasswordReset(token: String(repeating: "A", count: 43)),
                    json: PasswordResetCompletion(newPassword: password))
                #expect(reply.status == .badRequest, "\(password)")
            }
            try await server.post(APIPaths.completePasswordReset(token: "x"), raw: #"{"newPassword": null}"#).expect(.badRequest)
        }
    }

    @Test func askingForAMailedLinkAnswersTheSameForEveryAddress() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("student")
            try await server.register(email, role: .student).expect(.created)
            let known = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok)
            let unknown = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: uniqueEmail("nobody"))).expect(
                .ok)
            #expect(known.body == unknown.body)
            for bad in FuzzText.inputs + ["", "a@", String(repeating: "a", count: 300) + "@example.com"] {
                let reply = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: bad))
                #expect(reply.status == .badRequest, "\(bad)")
            }
        }
    }

    @Test func requestsForMailedLinksAreLimitedPerAccountAndPerAddress() async throws {
        try await TestServer.run(configure: {
            $0.limits.passwordResetsPerAccount = RateLimit(maxAttempts: 2, windowSeconds: 3600)
            $0.limits.passwordResetsPerAddress = RateLimit(maxAttempts: 4, windowSeconds: 3600)
        }) { server in
            let email = uniqueEmail("student")
            for _ in 0..<2 { try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok) }
            let perAccount = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email.uppercased()))
            #expect(perAccount.status == .tooManyRequests)
            #expect(perAccount.headers[.retryAfter] != nil)
            for _ in 0..<2 { try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: uniqueEmail())).expect(.ok) }
            let perAddress = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: uniqueEmail()))
            #expect(perAddress.status == .tooManyRequests)
        }
    }
}
