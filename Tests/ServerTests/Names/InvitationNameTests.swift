import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// An invitation carries a name (issue 67, item 2): the admin gives it in `POST
/// /api/admin/invitations` (`name`, optional) or the /admin form, and the account the
/// invitation makes has it; blank is none, too long or not a text is 400; quotes and combining
/// marks are kept as typed.
@Suite("Names: the invitation carries a name", .hangGuard)
struct InvitationNameTests {
    static func accept(_ server: TestServer, token: String) async throws {
        try await server.post(APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "correct horse battery"))
            .expect(.created)
    }

    @Test func theInvitedAccountHasTheNameTheAdminGave() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            for (given, kept) in [(" Anna Żółć ", "Anna Żółć"), (NamesTests.hostileName, NamesTests.hostileName), ("   ", nil)] {
                let email = uniqueEmail("named")
                let link = try await server.post(
                    APIPaths.adminInvitations, json: InvitationRequest(email: email, role: .faculty, name: given), token: admin.token
                ).expect(.created).decode(OneTimeLink.self)
                try await Self.accept(server, token: String(link.url.split(separator: "/").last ?? ""))
                let profile = try await server.get(APIPaths.me, token: try await server.login(email).token).decode(UserProfile.self)
                #expect(profile.name == kept, "\(given)")
            }
            // Without a name, as before names.
            let plain = uniqueEmail("plain")
            try await Self.accept(server, token: try await server.invite(plain, admin: admin))
            #expect(try await server.get(APIPaths.me, token: try await server.login(plain).token).decode(UserProfile.self).name == nil)

            let email = uniqueEmail("refused")
            for name in [#"1"#, #"["a"]"#, "\"\(String(repeating: "a", count: 201))\"", #""a\u0000b""#] {
                let body = #"{"email":"\#(email)","role":"faculty","name":\#(name)}"#
                try await server.send(.post, APIPaths.adminInvitations, token: admin.token, body: ByteBuffer(string: body))
                    .expect(.badRequest)
            }
            for input in FuzzText.inputs {
                let fuzzed = uniqueEmail("fuzz")
                try await server.post(
                    APIPaths.adminInvitations, json: InvitationRequest(email: fuzzed, role: .faculty, name: input), token: admin.token
                ).expect(.created)
                let stored = try await pool.query("SELECT name FROM invitations WHERE email = \(fuzzed)").first?.decode(
                    "name", as: String?.self)
                #expect(stored == input, "\(input)")
            }
        }
    }

    @Test func theAdminPageFormTakesAName() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let adminEmail = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
            var (browser, _) = try await AccountPagesTests.signedIn(server, adminEmail, password: TestServer.adminPassword)
            #expect(browser.page.contains("<label for=\"invite-name\">") && browser.page.contains("id=\"invite-name\" name=\"name\""))
            let email = uniqueEmail("teacher")
            let invited = try await browser.post(
                "/admin/invitations", [("email", email), ("role", "faculty"), ("name", "Ewa \"Q\" Zając\u{301}")]
            ).expect(.created)
            let token = try #require(
                invited.text.range(of: "/invitations/").map { String(invited.text[$0.upperBound...].prefix { $0 != "<" }) })
            try await Self.accept(server, token: token)
            let profile = try await server.get(APIPaths.me, token: try await server.login(email).token).decode(UserProfile.self)
            #expect(profile.name == "Ewa \"Q\" Zając\u{301}")
            try await browser.post(
                "/admin/invitations", [("email", uniqueEmail("long")), ("role", "faculty"), ("name", String(repeating: "a", count: 201))]
            ).expect(.badRequest)
            #expect(browser.page.contains("role=\"alert\""))
        }
    }
}
