import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A new account's first mail (issue 67, item 5), read from a real SMTP server: a class list's
/// names the course and the teacher who made the account, an invitation's the admin; both say
/// "set your password", never the reset's "signs the account out everywhere". The page their
/// link opens says "Set your password" (a reset's says "Choose a new password"), and the sign-in
/// page that follows has the address filled in.
@Suite("Welcome mails", .hangGuard)
struct MailWelcomeTests {
    /// A teacher named `name` speaking `language`, with a course named `course` in `timeZone`.
    static func teacher(_ server: TestServer, name: String, course: String, timeZone: String = "UTC") async throws
        -> (login: LoginResponse, courseID: Int)
    {
        let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
        try await server.send(.put, APIPaths.meName, json: NameSettingRequest(name: name), token: faculty.token).expect(.ok)
        let created = try await server.post(
            APIPaths.facultyCourses, json: CreateCourseRequest(name: course, description: "About it", timeZone: timeZone),
            token: faculty.token
        ).expect(.created).decode(CreateCourseResponse.self).course
        return (faculty, try #require(created.id))
    }

    /// The path of the link a mail carries (its origin is the test's `PUBLIC_URL`).
    static func path(in message: String) throws -> String {
        let link = try #require(SMTPSink.link(in: message))
        return String(link.dropFirst("http://localhost".count))
    }

    @Test("a class list's new account: the mail names the course and the teacher and says set your password; the page too")
    func classListWelcome() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.run(configure: { MailTests.mailing(&$0, port: sink.port) }) { server in
                let (faculty, courseID) = try await Self.teacher(server, name: "Anna Nowak", course: "Fizyka 1a")
                let newEmail = uniqueEmail("new")
                try await server.send(
                    .post, APIPaths.classListImport(courseID), token: faculty.token, headers: [.contentType: "text/csv"],
                    body: ByteBuffer(string: "email,name\n\(newEmail),Ola Kowalska\n")
                ).expect(.created)
                try await eventually("the welcome mail") { sink.messages().contains { $0.contains(newEmail) } }
                let message = try #require(sink.messages().first { $0.contains(newEmail) })
                #expect(message.contains("Subject: Your ExamPrep account for Fizyka 1a"), "\(message)")
                #expect(message.contains("Anna Nowak added this address to the course “Fizyka 1a” on ExamPrep"), "\(message)")
                #expect(message.contains("Open this link to set your password."), "\(message)")
                #expect(!message.contains("signs the account out everywhere") && !message.contains("new password"), "\(message)")

                let path = try Self.path(in: message)
                var browser = TestBrowser(server)
                try await browser.get(path).expect(.ok)
                #expect(browser.page.contains("<h1>Set your password</h1>") && browser.page.contains(newEmail), "\(browser.page)")
                #expect(!browser.page.contains("Choose a new password") && !browser.page.contains("signs your account out everywhere"))
                let done = try await browser.post(path, [("password", "first passphrase")]).expect(.seeOther)
                #expect(done.headers[.location] == "/login?done=invited&email=\(newEmail)")
                _ = try await server.login(newEmail, password: "first passphrase")
            }
        }
    }

    @Test("in Polish: the teacher's language makes the mail Polish, with the course and the teacher; the page in Polish")
    func classListWelcomeInPolish() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.run(configure: { MailTests.mailing(&$0, port: sink.port) }) { server in
                let (faculty, courseID) = try await Self.teacher(server, name: "Żaneta Wójcik", course: "Chemia \"2b\"")
                let newEmail = uniqueEmail("nowy")
                try await server.send(
                    .post, APIPaths.classListImport(courseID), token: faculty.token,
                    headers: [.contentType: "text/csv", .acceptLanguage: "pl"], body: ByteBuffer(string: "email\n\(newEmail)\n")
                ).expect(.created)
                try await eventually("the welcome mail") { sink.messages().contains { $0.contains(newEmail) } }
                let message = try #require(sink.messages().first { $0.contains(newEmail) })
                #expect(message.contains("Żaneta Wójcik dodaje ten adres do kursu „Chemia \"2b\"” w ExamPrep"), "\(message)")
                #expect(message.contains("Otwórz ten link, aby ustawić swoje hasło."), "\(message)")
                #expect(!message.contains("wyloguje konto"), "\(message)")

                var browser = TestBrowser(server)
                try await browser.get(try Self.path(in: message), headers: [.acceptLanguage: "pl"]).expect(.ok)
                #expect(browser.page.contains("<h1>Ustaw swoje hasło</h1>"), "\(browser.page)")
            }
        }
    }

    @Test("an invitation names the admin who made it and says set your password; the sign-in page follows with the address")
    func invitationWelcome() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.runWithAdmin(configure: { MailTests.mailing(&$0, port: sink.port) }) { server, admin, _ in
                try await server.send(.put, APIPaths.meName, json: NameSettingRequest(name: "Ewa Dyrektor"), token: admin.token).expect(.ok)
                let email = uniqueEmail("teacher")
                try await server.post(APIPaths.adminInvitations, json: InvitationRequest(email: email, role: .faculty), token: admin.token)
                    .expect(.created)
                try await eventually("the invitation mail") { sink.messages().contains { $0.contains(email) } }
                let message = try #require(sink.messages().first { $0.contains(email) })
                #expect(message.contains("Ewa Dyrektor invited you to a faculty account on ExamPrep"), "\(message)")
                #expect(message.contains("Open this link to set your password."), "\(message)")

                let path = try Self.path(in: message)
                var browser = TestBrowser(server)
                try await browser.get(path).expect(.ok)
                #expect(browser.page.contains("<h1>Set your password</h1>"), "\(browser.page)")
                let done = try await browser.post(path, [("password", "teacher passphrase")]).expect(.seeOther)
                #expect(done.headers[.location] == "/login?done=invited&email=\(email)")
            }
        }
    }
}
