import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Invitations end to end over HTTP: made by an admin, accepted once, revocable, expiring,
/// listed; a guessed, reused or expired token is a 4xx, never a 500.
@Suite("Invitations", .hangGuard)
struct InvitationTests {
    @Test func anInvitationMakesAFacultyAccountOnce() async throws {
        let clock = TestClock(Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down)))
        try await TestServer.runWithAdmin(configure: { $0.clock = clock.serverClock }) { server, admin, _ in
            let email = uniqueEmail("teacher")
            let link = try await server.post(
                APIPaths.adminInvitations, json: InvitationRequest(email: email, role: .faculty), token: admin.token
            )
            .expect(.created).decode(OneTimeLink.self)
            #expect(link.url.hasPrefix("http://127.0.0.1:\(server.port)/invitations/"), "links name the address the server listens on")
            #expect(link.expiresAt == clock.now.addingTimeInterval(7 * 86_400), "7 days")
            let token = String(link.url.split(separator: "/").last ?? "")
            let accepted = try await server.post(
                APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "correct horse battery")
            ).expect(.created).decode(AcceptedInvitation.self)
            #expect(accepted.role == .faculty)
            let teacher = try await server.login(email)
            #expect(teacher.roleId == Role.faculty.rawValue)
            _ = try await server.createCourse("Invited", token: teacher.token)
            // Used once: the link is gone.
            let again = try await server.post(
                APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "another passphrase"))
            #expect(again.status == .gone)
            #expect(again.error?.error == .gone)
            _ = try await server.login(email)  // the first password still holds
            let listed = try await server.get(APIPaths.adminInvitations, token: admin.token).expect(.ok).decode([InvitationInfo].self)
            #expect(listed.first?.email == email && listed.first?.status == .accepted)
        }
    }

    @Test func anInvitedAdminIsAnAdmin() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let email = uniqueEmail("admin")
            let token = try await server.invite(email, role: .admin, admin: admin)
            try await server.post(APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "correct horse battery"))
                .expect(.created)
            let second = try await server.login(email)
            try await server.get(APIPaths.adminUsers, token: second.token).expect(.ok)
        }
    }

    @Test func revokedAndExpiredInvitationsAreGone() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            let revokedToken = try await server.invite(uniqueEmail("revoked"), admin: admin)
            let invitations = try await server.get(APIPaths.adminInvitations, token: admin.token).decode([InvitationInfo].self)
            let id = try #require(invitations.first?.id)
            try await server.send(.delete, APIPaths.adminInvitation(id), token: admin.token).expect(.ok)
            try await server.send(.delete, APIPaths.adminInvitation(id), token: admin.token).expect(.notFound)
            try await server.post(
                APIPaths.acceptInvitation(token: revokedToken), json: InvitationAcceptance(password: "correct horse battery")
            )
            .expect(.gone)

            let expiredEmail = uniqueEmail("expired")
            let expiredToken = try await server.invite(expiredEmail, admin: admin)
            try await pool.execute("UPDATE invitations SET expires_at = now() - interval '1 second' WHERE email = \(expiredEmail)")
            try await server.post(
                APIPaths.acceptInvitation(token: expiredToken), json: InvitationAcceptance(password: "correct horse battery")
            )
            .expect(.gone)
            let listed = try await server.get(APIPaths.adminInvitations, token: admin.token).decode([InvitationInfo].self)
            #expect(listed.map(\.status) == [.expired, .revoked])
            // A new invitation of the same address replaces a pending one.
            let email = uniqueEmail("twice")
            let first = try await server.invite(email, admin: admin)
            let second = try await server.invite(email, admin: admin)
            try await server.post(APIPaths.acceptInvitation(token: first), json: InvitationAcceptance(password: "correct horse battery"))
                .expect(.gone)
            try await server.post(APIPaths.acceptInvitation(token: second), json: InvitationAcceptance(password: "correct horse battery"))
                .expect(.created)
        }
    }

    @Test func guessedTokensAndWeakPasswordsAreRefused() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let token = try await server.invite(uniqueEmail("teacher"), admin: admin)
            let weak = try await server.post(APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "short"))
            #expect(weak.status == .badRequest)
            let guesses = [
                String(token.dropLast()) + (token.hasSuffix("A") ? "B" : "A"), String(repeating: "A", count: 43), "x", "%00", "..%2F..",
                String(repeating: "a", count: 5_000), "%22%CC%81", "%E2%80%AE",
            ]
            for guess in guesses {
                let reply = try await server.post(
                    "/api/invitations/" + guess, json: InvitationAcceptance(password: "correct horse battery"))
                #expect((400..<500).contains(reply.status.code), "\(guess): \(reply.status)")
            }
            let malformed = try await server.post(APIPaths.acceptInvitation(token: token), raw: #"{"password": 12}"#)
            #expect(malformed.status == .badRequest)
            // The real link still works after the guesses.
            try await server.post(APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "correct horse battery"))
                .expect(.created)
        }
    }

    @Test func invitationsAreForFacultyAndAdminsOfNewAddresses() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let student = try await server.post(
                APIPaths.adminInvitations, json: InvitationRequest(email: uniqueEmail("s"), role: .student), token: admin.token)
            #expect(student.status == .badRequest)
            let takenEmail = uniqueEmail("taken")
            try await server.register(takenEmail, role: .student).expect(.created)
            let taken = try await server.post(
                APIPaths.adminInvitations, json: InvitationRequest(email: takenEmail.uppercased(), role: .faculty), token: admin.token)
            #expect(taken.status == .conflict)
            #expect(taken.error?.error == .emailTaken)
            for bad in FuzzText.inputs + ["", "   ", "a@", String(repeating: "a", count: 300) + "@example.com"] {
                let reply = try await server.post(
                    APIPaths.adminInvitations, json: InvitationRequest(email: bad, role: .faculty), token: admin.token)
                #expect(reply.status == .badRequest, "\(bad)")
            }
            let badRole = try await server.post(
                APIPaths.adminInvitations, raw: #"{"email":"a@example.com","role":"root"}"#, token: admin.token)
            #expect(badRole.status == .badRequest)
        }
    }

    @Test func onlyAdminsReachTheAdminRoutes() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let teacher = try await server.invitedFaculty(admin: admin)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            for token in [teacher.token, student.token] {
                try await server.get(APIPaths.adminUsers, token: token).expect(.forbidden)
                try await server.get(APIPaths.adminInvitations, token: token).expect(.forbidden)
                try await server.get(APIPaths.adminAudit, token: token).expect(.forbidden)
                try await server.post(APIPaths.disableUser(admin.userId ?? 0), raw: "{}", token: token).expect(.forbidden)
                try await server.post(
                    APIPaths.adminInvitations, json: InvitationRequest(email: uniqueEmail(), role: .admin), token: token
                ).expect(.forbidden)
            }
            try await server.get(APIPaths.adminUsers).expect(.unauthorized)
            // An admin uses the routes of every role's account.
            try await server.get(APIPaths.me, token: admin.token).expect(.ok)
            try await server.get(APIPaths.facultyCourses, token: admin.token).expect(.forbidden)
        }
    }
}
