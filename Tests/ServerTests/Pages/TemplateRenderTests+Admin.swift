import ExamPrepShared
import Foundation
import Testing

@testable import ExamPrepServer

/// The admin's pages drawn with their models as `AdminPageController` and
/// `DataOutPageController` make them.
extension TemplateRenderTests {
    static let moment = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("the admin page draws its accounts, invitations and audit log, and says when each is empty, in English and in Polish")
    func adminPage() throws {
        let text = Self.hostile
        let accounts = [
            AccountInfo(
                id: 4, email: "anna\(text)@example.org", role: .faculty, disabled: false, createdAt: Self.moment, lastSignInAt: nil),
            AccountInfo(id: 5, email: "jan@example.org", role: .student, disabled: true, createdAt: Self.moment, lastSignInAt: Self.moment),
        ]
        let invitations = [
            InvitationInfo(
                id: 7, email: "nowa\(text)@example.org", role: .admin, createdAt: Self.moment, expiresAt: Self.moment, status: .pending),
            InvitationInfo(
                id: 8, email: "old@example.org", role: .faculty, createdAt: Self.moment, expiresAt: Self.moment, status: .expired),
        ]
        let audit = [
            AuditEntryRow(
                id: 1, at: Self.moment, actorID: 1, actorEmail: "root@example.org", action: "disabled", targetUserID: 5,
                targetEmail: "jan@example.org", courseID: nil, courseName: nil, clientAddress: "192.0.2.1"),
            AuditEntryRow(
                id: 2, at: Self.moment, actorID: 1, actorEmail: "root@example.org", action: "imported_class_list", targetUserID: nil,
                targetEmail: nil, courseID: 3, courseName: text, clientAddress: "192.0.2.1"),
        ]
        let drawn = try Self.draw(
            "admin", role: .admin,
            shows: [
                .sentence("admin.invite-heading"), .value("anna\(text)@example.org"), .html("action=\"/admin/users/4/disable\""),
                .html("action=\"/admin/users/5/enable\""), .html("action=\"/admin/users/4/unlink-school-account\""),
                .html("href=\"/admin/users/5/erase\""), .html("action=\"/admin/invitations/7/revoke\""), .value("192.0.2.1"),
                .value(text), .html("value=\"\(HTMLEscaping.escape(text))\""), .html("<code class=\"one-time-link\">"),
                .sentence("admin.never"), .sentence("admin.invitation-expired"), .sentence("admin.no-account-matches"),
                .sentence("admin.no-invitations"), .sentence("admin.no-audit"), .html("name=\"csrf\" value=\"token\""),
            ]
        ) { catalogue in
            [
                AdminPage(
                    outcome: AdminPage.Outcome(notice: text, link: "https://exams.example.org/reset/\(text)", error: text), search: text,
                    role: "faculty", accounts: accounts, invitations: invitations, audit: audit,
                    signInMethods: [4: (password: true, school: [text]), 5: (password: true, school: [])], timeZone: "Europe/Warsaw",
                    catalogue: catalogue),
                AdminPage(
                    outcome: AdminPage.Outcome(), search: "", role: "", accounts: [], invitations: [], audit: [], catalogue: catalogue),
            ]
        }
        // The pending invitation alone can be revoked; the expired one shows no form.
        #expect(drawn[.en]?.first.map { !Self.holds($0, "/admin/invitations/8/revoke") } == true)
    }

    @Test("the page before erasing an account asks, and after it says what came of it, in English and in Polish")
    func adminErasePage() throws {
        let text = Self.hostile
        typealias Erase = DataOutPageController.ErasePage
        try Self.draw(
            "admin-erase", role: .admin,
            shows: [
                .value("jan\(text)@example.org"), .sentence("data-out.erase-irreversible"), .html("action=\"/admin/users/6/erase\""),
                .sentence("data-out.erase-keep"), .sentence("data-out.back-to-admin"), .sentence("data-out.erased"),
                .value("error \(text)"),
            ]
        ) { catalogue in
            let email = "jan\(text)@example.org"
            let heading = catalogue.string(Message("data-out.erase-heading", ["email": .text(email)]))
            return [
                Erase(id: 6, email: email, heading: heading, confirm: true),
                Erase(
                    id: 6, email: email, heading: heading, confirm: false,
                    notice: catalogue.string(Message("data-out.erased")), error: "error \(text)"),
            ]
        }
    }
}
