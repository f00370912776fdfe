import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The pages of data out: **Download my data** on `/account`, and **Erase** on `/admin` with
/// its confirmation page (CSRF-protected), one's own account refused.
@Suite("Data out pages", .hangGuard)
struct DataOutPageTests {
    @Test func downloadMyDataAndEraseWithItsConfirmation() async throws {
        try await TestServer.runWithAdmin { server, admin, pool in
            let studentEmail = uniqueEmail("pupil")
            let student = try await server.signUp(studentEmail, role: .student)
            let studentID = try #require(student.userId)
            var pupil = TestBrowser(server)
            try await pupil.get("/login")
            try await pupil.follow(
                try await pupil.post("/login", [("email", studentEmail), ("password", "correct horse battery")]).expect(.seeOther))
            let account = try await pupil.get("/account").expect(.ok)
            #expect(account.text.contains("href=\"/account/export\""))
            let download = try await pupil.get("/account/export").expect(.ok)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"examprep-\(studentID).json\"")
            #expect((download.object?["account"] as? [String: Any])?["email"] as? String == studentEmail)

            let adminID = try #require(admin.userId)
            let adminEmail = try await pool.query("SELECT email FROM users WHERE id = \(adminID)").single().decode(
                "email", as: String.self)
            var browser = TestBrowser(server)
            try await browser.get("/login")
            try await browser.follow(
                try await browser.post("/login", [("email", adminEmail), ("password", TestServer.adminPassword)]).expect(.seeOther))
            let list = try await browser.get("/admin?q=" + studentEmail).expect(.ok)
            #expect(list.text.contains("href=\"/admin/users/\(studentID)/erase\""))
            let confirm = try await browser.get("/admin/users/\(studentID)/erase").expect(.ok)
            #expect(confirm.text.contains("cannot be undone") && confirm.text.contains(studentEmail))
            // Without the page's token the form is refused and nothing happens.
            let forged = try await browser.post("/admin/users/\(studentID)/erase", [], csrf: "forged")
            #expect(forged.status == .forbidden)
            try await server.get(APIPaths.me, token: student.token).expect(.ok)

            let done = try await browser.post("/admin/users/\(studentID)/erase", []).expect(.ok)
            #expect(done.text.contains("The account is erased"))
            try await server.get(APIPaths.me, token: student.token).expect(.unauthorized)
            let page = try await pupil.get("/courses")
            #expect(page.status == .seeOther)
            let again = try await browser.get("/admin/users/\(studentID)/erase").expect(.ok)
            #expect(again.text.contains("erased before") && !again.text.contains("Erase for good"))

            let own = try await browser.post("/admin/users/\(try #require(admin.userId))/erase", [])
            #expect(own.status == .conflict && own.text.contains("your own account"))
            try await browser.get("/admin/users/999999999/erase").expect(.notFound)
        }
    }
}
