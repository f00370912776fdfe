import ExamPrepServerTestSupport
import ExamPrepShared
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Who may make which account: faculty by invitation (or of the school's domains), admins
/// never by registration, students always; `create-admin` by registration's rules.
@Suite("Faculty registration", .timeLimit(.minutes(4)))
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

    @Test func addressesOfTheSchoolsDomainsMayRegisterAsFaculty() async throws {
        try await TestServer.run(configure: { $0.facultyRegistration = .domains(["staff.example", "b.example"]) }) { server in
            try await server.register("Teacher\(UUID().uuidString.prefix(8))@Staff.Example", role: .faculty).expect(.created)
            try await server.register(uniqueEmail("t") + ".b.example", role: .faculty).expect(.forbidden)
            let other = try await server.register("t\(UUID().uuidString.prefix(8))@staff.example.evil.test", role: .faculty)
            #expect(other.status == .forbidden)
            #expect(other.error?.message.contains("staff.example") == true)
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
