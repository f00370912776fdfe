import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The promises of docs/SECURITY.md and docs/API.md about reset links and invitations that no
/// other test held: a new password spends every other link; a token that is no usable link or
/// pending invitation is 410 before any password is hashed; an invitation whose address got an
/// account meanwhile is 409; a teacher makes at most 100 reset links an hour; a class list's
/// links last 7 days.
@Suite("One-time links: the rules around them", .hangGuard)
struct OneTimeLinkRulesTests {
    static func token(of link: OneTimeLink) -> String { PasswordResetTests.token(of: link) }

    @Test func settingANewPasswordSpendsEveryOtherLinkOfTheAccount() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let email = uniqueEmail("teacher")
            let teacher = try await server.invitedFaculty(admin: admin, email: email)
            let userID = try #require(teacher.userId)
            var links: [OneTimeLink] = []
            for _ in 0..<3 {
                links.append(
                    try await server.post(APIPaths.adminResetLink(userID), raw: "", token: admin.token).expect(.created).decode(
                        OneTimeLink.self))
            }
            // A link of another account stays usable.
            let other = try await server.invitedFaculty(admin: admin)
            let othersLink = try await server.post(APIPaths.adminResetLink(try #require(other.userId)), raw: "", token: admin.token)
                .expect(.created).decode(OneTimeLink.self)

            try await server.post(
                APIPaths.completePasswordReset(token: Self.token(of: links[1])),
                json: PasswordResetCompletion(newPassword: "the second link's")
            ).expect(.ok)
            for link in [links[0], links[2]] {
                let spent = try await server.post(
                    APIPaths.completePasswordReset(token: Self.token(of: link)),
                    json: PasswordResetCompletion(newPassword: "a later passphrase"))
                #expect(spent.status == .gone && spent.error?.error == .gone, "\(spent.text)")
            }
            _ = try await server.login(email, password: "the second link's")
            try await server.post(
                APIPaths.completePasswordReset(token: Self.token(of: othersLink)),
                json: PasswordResetCompletion(newPassword: "the other's new one")
            ).expect(.ok)
        }
    }

    /// Used, expired and made-up reset links, and invitations used, revoked, expired or made up:
    /// 410, and the password sent with them is never hashed.
    @Test func aTokenThatIsNoUsableLinkIsRefusedBeforeAnyHashing() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            let teacher = try await server.invitedFaculty(admin: admin)
            let userID = try #require(teacher.userId)
            func resetLink() async throws -> String {
                Self.token(
                    of: try await server.post(APIPaths.adminResetLink(userID), raw: "", token: admin.token).expect(.created).decode(
                        OneTimeLink.self))
            }
            let used = try await resetLink()
            try await server.post(
                APIPaths.completePasswordReset(token: used), json: PasswordResetCompletion(newPassword: "first new passphrase")
            )
            .expect(.ok)
            let expired = try await resetLink()
            try await pool.execute("UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")

            let accepted = try await server.invite(uniqueEmail("accepted"), admin: admin)
            try await server.post(APIPaths.acceptInvitation(token: accepted), json: InvitationAcceptance(password: "correct horse battery"))
                .expect(.created)
            let revoked = try await server.invite(uniqueEmail("revoked"), admin: admin)
            let revokedID = try #require(
                try await server.get(APIPaths.adminInvitations, token: admin.token).decode([InvitationInfo].self).first?.id)
            try await server.send(.delete, APIPaths.adminInvitation(revokedID), token: admin.token).expect(.ok)
            let expiredEmail = uniqueEmail("expired")
            let expiredInvitation = try await server.invite(expiredEmail, admin: admin)
            try await pool.execute("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = \(expiredEmail)")
            let madeUp = String(repeating: "A", count: 43)

            let hashesBefore = try await LoginLimitTests.hashesCompleted(server)
            for token in [used, expired, madeUp] {
                try await server.post(
                    APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "a good passphrase")
                )
                .expect(.gone)
            }
            for token in [accepted, revoked, expiredInvitation, madeUp] {
                try await server.post(APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "a good passphrase"))
                    .expect(.gone)
            }
            #expect(try await LoginLimitTests.hashesCompleted(server) == hashesBefore, "no password was hashed")
        }
    }

    @Test func anInvitationWhoseAddressGotAnAccountMeanwhileIsAConflict() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let email = uniqueEmail("meanwhile")
            let token = try await server.invite(email, admin: admin)
            try await server.register(email.uppercased(), role: .student).expect(.created)
            let reply = try await server.post(
                APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "a good passphrase"))
            #expect(reply.status == .conflict, "\(reply.text)")
            #expect(try await server.login(email).roleId == Role.student.rawValue, "the account stays as it was")
        }
    }

    /// A teacher's reset links for their students: 100 an hour (fixed), then 429 naming the limit.
    @Test func aTeacherMakesAtMostAHundredResetLinksAnHour() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let teacher = try await server.invitedFaculty(admin: admin)
            let course = try #require(try await server.createCourse("Resets", token: teacher.token).id)
            // A student of the teacher's own class list, who has not chosen a password yet.
            try await ClassListConsentTests.importList(server, course: course, "email\n\(uniqueEmail("student"))\n", token: teacher.token)
                .expect(.created)
            let roster = try await server.get(APIPaths.classList(course), token: teacher.token).decode([CourseRosterStudent].self)
            let studentID = try #require(roster.first?.userId)
            let path = APIPaths.studentResetLink(course, studentID)
            for _ in 0..<100 { try await server.post(path, raw: "", token: teacher.token).expect(.created) }
            WriteFloodTests.expectLimited(try await server.post(path, raw: "", token: teacher.token), naming: "password reset links made")
            // An admin is not held back by the teacher's limit.
            try await server.post(APIPaths.adminResetLink(studentID), raw: "", token: admin.token).expect(.created)
        }
    }

    /// A class list's new account gets a link that works for 7 days (the server's clock, moved
    /// by the test) and not a moment longer.
    @Test func aClassListsLinksLastSevenDays() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await TestServer.run(configure: {
            $0.clock = clock.serverClock
            $0.accessTokenLifetime = 30 * 24 * 3600
        }) { server in
            let (faculty, _, course) = try await server.classroom()
            let (early, late) = (uniqueEmail("early"), uniqueEmail("late"))
            let reply = try await server.send(
                .post, APIPaths.classListImport(try #require(course.id)), token: faculty.token, headers: [.contentType: "text/csv"],
                body: .init(string: "email\r\n\(early)\r\n\(late)\r\n")
            ).expect(.created).decode(ClassListImport.self)
            let links = try #require(reply.links)
            #expect(links.count == 2 && links.allSatisfy { $0.expiresAt == clock.now.addingTimeInterval(7 * 86_400) }, "\(links)")
            func token(_ email: String) throws -> String {
                String(try #require(links.first { $0.email == email }).url.split(separator: "/").last ?? "")
            }
            clock.advance(by: 7 * 86_400 - 1)
            try await server.post(
                APIPaths.completePasswordReset(token: try token(early)), json: PasswordResetCompletion(newPassword: "chosen in time")
            )
            .expect(.ok)
            clock.advance(by: 2)
            try await server.post(
                APIPaths.completePasswordReset(token: try token(late)), json: PasswordResetCompletion(newPassword: "chosen too late")
            )
            .expect(.gone)
            _ = try await server.login(early, password: "chosen in time")
        }
    }
}
