import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A school without mail, and one with it (issue 67, item 9): a teacher makes a one-time
/// sign-in link on a student's page for an account her class list made (shown once, with when
/// it stops working), refused for a student of another course, for a student who chose a
/// password or made the account themselves; /admin's audit says when a reset link was mailed
/// and to whom.
@Suite("A school without mail", .hangGuard)
struct MailLessSchoolTests {
    @Test("Make a sign-in link: shown once with its end, sets the new account's password; then, and for others, refused")
    func teacherMakesALink() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let path = try await TeachCoursePagesTests.createCourse(&browser, name: "No mail", timeZone: "Europe/Warsaw")
            let courseID = try #require(Int(path.split(separator: "/").last ?? ""))
            let newEmail = uniqueEmail("pupil")
            try await browser.upload(path + "/roster/import", [("text", "email\n\(newEmail)\n"), ("step", "import")]).expect(.ok)
            let roster = try await server.get(APIPaths.classList(courseID), token: faculty.token).decode([CourseRosterStudent].self)
            let pupil = try #require(roster.first { $0.email == newEmail }).userId
            let studentPage = "\(path)/students/\(pupil)"

            try await browser.get(studentPage).expect(.ok)
            #expect(browser.page.contains("action=\"\(studentPage)/sign-in-link\"") && browser.page.contains("Make a sign-in link"))
            try await browser.post(studentPage + "/sign-in-link", []).expect(.created)
            #expect(browser.page.contains("<h1>Sign-in link</h1>") && browser.page.contains("(Europe/Warsaw)"), "\(browser.page)")
            let origin = "http://127.0.0.1:\(server.port)"
            let link = try #require(
                browser.page.range(of: origin + "/reset/").map { String(browser.page[$0.lowerBound...].prefix { $0 != "<" }) })

            var student = TestBrowser(server)
            let resetPath = String(link.dropFirst(origin.count))
            try await student.get(resetPath).expect(.ok)
            #expect(student.page.contains("<h1>Set your password</h1>"))
            try await student.post(resetPath, [("password", "pupil passphrase")]).expect(.seeOther)

            // The account is the student's own now: no teacher makes its links.
            let refused = try await browser.post(studentPage + "/sign-in-link", []).expect(.notFound)
            #expect(refused.text.contains("has an account of their own"), "\(refused.text)")

            // A student who made their own account, and a student of another teacher's course.
            let own = uniqueEmail("own")
            let ownLogin = try await server.signUp(own, role: .student)
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: ownLogin.token).expect(
                .created)
            try await browser.post("\(path)/students/\(try #require(ownLogin.userId))/sign-in-link", []).expect(.notFound)
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            try await other.get("/teach")
            try await other.post("\(path)/students/\(pupil)/sign-in-link", []).expect(.notFound)
            // A forged post, and ids that are not ids.
            try await browser.post(studentPage + "/sign-in-link", [], csrf: "forged").expect(.forbidden)
            for bad in ["x", "-1", "99999999999999999999", "1%CC%81", "%22%27"] {
                let reply = try await browser.post("\(path)/students/\(bad)/sign-in-link", [])
                #expect((400..<500).contains(reply.status.code), "\(bad): \(reply.status)")
            }
        }
    }

    @Test("a reset link mailed on request is in the audit: to whom and when; /admin says so")
    func mailedLinksAreAudited() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.runWithAdmin(configure: { MailTests.mailing(&$0, port: sink.port) }) { server, admin, _ in
                let email = uniqueEmail("forgetful")
                try await server.register(email, role: .student).expect(.created)
                try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok)
                try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: uniqueEmail("nobody"))).expect(.ok)
                let audit = try await server.get(APIPaths.adminAudit, token: admin.token).expect(.ok).decode([AuditEntry].self)
                let mailed = audit.filter { $0.action == "mailed_reset_link" }
                #expect(mailed.count == 1 && mailed.first?.targetEmail == email && mailed.first?.actorEmail == email, "\(audit)")

                let adminEmail = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
                var (browser, _) = try await AccountPagesTests.signedIn(server, adminEmail, password: TestServer.adminPassword)
                try await browser.get("/admin").expect(.ok)
                #expect(browser.page.contains("<td>mailed reset link</td><td>\(email)</td>"), "\(browser.page)")
            }
        }
    }
}
