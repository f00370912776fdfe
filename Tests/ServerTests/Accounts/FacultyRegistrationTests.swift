import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Who may make which account: faculty by invitation (or of the school's domains), admins
/// never by registration, students always; `create-admin` by registration's rules.
@Suite("Faculty registration", .hangGuard)
struct FacultyRegistrationTests {
    @Test func byDefaultFacultyComeByInvitationAndAdminsNeverRegister() async throws {
        try await TestServer.runWithAdmin { server, _, _ in
            let faculty = try await server.register(uniqueEmail("teacher"), role: .faculty)
            #expect(faculty.status == .forbidden)
            #expect(faculty.error?.error == .forbidden)
            #expect(faculty.error?.message.contains("invitation") == true, "it says how faculty get an account")
            let admin = try await server.post(
                APIPaths.register, raw: #"{"email":"\#(uniqueEmail("admin"))","password":"correct horse battery","roleId":3}"#)
            #expect(admin.status == .forbidden)
            let byName = try await server.post(
                APIPaths.register, raw: #"{"email":"\#(uniqueEmail("admin"))","password":"correct horse battery","role":"admin"}"#)
            #expect(byName.status == .forbidden)
            try await server.register(uniqueEmail("student"), role: .student).expect(.created)
        }
    }

    /// A typed address proves nothing: a registration by the school's domain is confirmed by a
    /// mailed link, where the address's owner chooses the password, and only then is there an
    /// account. It never revokes an admin's invitation of the address.
    @Test func addressesOfTheSchoolsDomainsRegisterAsFacultyByAMailedLink() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.runWithAdmin(configure: {
                MailTests.mailing(&$0, port: sink.port)
                $0.publicURL = URL(string: "https://exams.school.example")
                $0.facultyRegistration = .domains(["staff.example", "b.example"])
            }) { server, admin, _ in
                let email = "Teacher\(UUID().uuidString.prefix(8))@Staff.Example"
                let registered = try await server.register(email, role: .faculty).expect(.accepted).decode(RegistrationResponse.self)
                #expect(registered.confirmationSent == true && registered.userId == nil)
                let early = try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "correct horse battery"))
                #expect(early.status == .badRequest, "no account until the link is opened")
                try await eventually("the confirmation mail") { sink.messages().contains { $0.contains(email) } }
                let message = try #require(sink.messages().first { $0.contains(email) })
                let link = try #require(SMTPSink.link(in: message))
                #expect(link.hasPrefix("https://exams.school.example/invitations/"))
                let token = String(link.split(separator: "/").last ?? "")
                let accepted = try await server.post(
                    APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "the owner's passphrase")
                ).expect(.created).decode(AcceptedInvitation.self)
                #expect(accepted.role == .faculty)
                _ = try await server.login(email, password: "the owner's passphrase")
                try await server.register(email, role: .faculty).expect(.conflict)

                // A stranger registering a colleague's address leaves the admin's invitation working.
                let colleague = uniqueEmail("colleague").replacingOccurrences(of: "@example.com", with: "@staff.example")
                let invited = try await server.invite(colleague, role: .admin, admin: admin)
                try await server.register(colleague, role: .faculty).expect(.accepted)
                let asAdmin = try await server.post(
                    APIPaths.acceptInvitation(token: invited), json: InvitationAcceptance(password: "correct horse battery")
                ).expect(.created).decode(AcceptedInvitation.self)
                #expect(asAdmin.role == .admin)

                try await server.register(uniqueEmail("t") + ".b.example", role: .faculty).expect(.forbidden)
                let other = try await server.register("t\(UUID().uuidString.prefix(8))@staff.example.evil.test", role: .faculty)
                #expect(other.status == .forbidden)
                #expect(other.error?.message.contains("staff.example") == true)
            }
        }
    }

    @Test(arguments: [
        ("invite", FacultyRegistration.invite), ("OPEN", .open), ("domain:a.example", .domains(["a.example"])),
        (" domain:a.example , domain:B.example ", .domains(["a.example", "b.example"])),
    ])
    func theSettingReads(text: String, policy: FacultyRegistration) {
        #expect(FacultyRegistration(text: text) == policy)
    }

    @Test(
        arguments: [
            "", "closed", "domain:", "domain:.example", "domain:a", "domain:a.example,open", "domain:a b.example",
            "domain:é.example", "domain:a.example,", "a.example",
        ] + FuzzText.inputs)
    func aBadSettingIsRefused(text: String) {
        #expect(FacultyRegistration(text: text) == nil)
    }

    @Test func createAdminAppliesRegistrationsRules() async throws {
        let configuration = try await LiveServer.configuration()
        let email = uniqueEmail("admin")
        await #expect(throws: AdminCreation.Refused.self) {
            try await AdminCreation.create(email: email, password: "short", configuration: configuration)
        }
        await #expect(throws: AdminCreation.Refused.self) {
            try await AdminCreation.create(email: "not an email", password: "long enough passphrase", configuration: configuration)
        }
        #expect(
            try await AdminCreation.create(email: email, password: "long enough passphrase", configuration: configuration) != .emailTaken)
        #expect(
            try await AdminCreation.create(email: email.uppercased(), password: "long enough passphrase", configuration: configuration)
                == .emailTaken)
    }
}
