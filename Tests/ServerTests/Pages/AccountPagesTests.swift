import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The pages of a school's accounts: `/admin` (accounts, invitations, the audit log), the
/// invitation's page, "Forgot password" and the reset page, under part one's rules (CSRF,
/// labelled fields, text shown as text).
@Suite("Account pages", .hangGuard)
struct AccountPagesTests {
    /// A browser signed in as `email`, after its sign-in's redirect.
    static func signedIn(_ server: TestServer, _ email: String, password: String) async throws -> (TestBrowser, String?) {
        var browser = TestBrowser(server)
        try await browser.get("/login")
        let reply = try await browser.post("/login", [("email", email), ("password", password)]).expect(.seeOther)
        try await browser.follow(reply)
        return (browser, reply.headers[.location])
    }

    @Test func anAdminInvitesATeacherWhoChoosesAPasswordInTheBrowser() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let adminEmail = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
            var (browser, home) = try await Self.signedIn(server, adminEmail, password: TestServer.adminPassword)
            #expect(home == "/admin")
            #expect(browser.page.contains("<h1>Administration</h1>") && browser.page.contains("href=\"/admin\""))
            let teacherEmail = uniqueEmail("teacher")
            let invited = try await browser.post("/admin/invitations", [("email", teacherEmail), ("role", "faculty")]).expect(.created)
            // Links name the address the server listens on (no PUBLIC_URL here).
            let origin = "http://127.0.0.1:\(server.port)"
            let link = try #require(
                invited.text.range(of: origin + "/invitations/").map { range in
                    String(invited.text[range.lowerBound...].prefix { $0 != "<" })
                })
            let path = String(link.dropFirst(origin.count))

            var guest = TestBrowser(server)
            try await guest.get(path).expect(.ok)
            #expect(guest.page.contains(teacherEmail) && guest.page.contains("<label for=\"password\">Password</label>"))
            try await guest.post(path, [("password", "short")]).expect(.badRequest)
            // The form again, with the invitation's address (read only for a refused password).
            #expect(guest.page.contains(teacherEmail) && guest.page.contains("role=\"alert\""))
            let accepted = try await guest.post(path, [("password", "teacher passphrase")]).expect(.seeOther)
            #expect(accepted.headers[.location] == RecoveryPageController.signIn(done: "invited", email: teacherEmail))
            #expect(accepted.headers[.location]?.hasPrefix("/login?done=invited&email=") == true)
            try await guest.get(path).expect(.gone)
            // A used link is gone whatever the password.
            try await guest.post(path, [("password", "short")]).expect(.gone)
            try await guest.post(path, [("password", "teacher passphrase")]).expect(.gone)
            let (_, teacherHome) = try await Self.signedIn(server, teacherEmail, password: "teacher passphrase")
            #expect(teacherHome == "/teach")
            // The admin page lists the account and the accepted invitation, and the audit log says who invited.
            try await browser.get("/admin?q=" + teacherEmail)
            #expect(browser.page.contains(teacherEmail) && browser.page.contains("accepted") && browser.page.contains("invited"))
        }
    }

    @Test("the course page's notice after enrolling names the course (PageNotice with the page's own value)")
    func enrolledNoticeNamesTheCourse() async throws {
        try await TestServer.run { server in
            let (_, _, course) = try await server.classroom()
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("student"))
            let enrolled = try await student.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let location = try #require(enrolled.headers[.location])
            let sentence = Catalogue.of(.en).string(Message("student.enrolled-in", ["course": .text(course.name)]))
            try await student.get(location).expect(.ok)
            #expect(student.page.contains("<p class=\"notice\" role=\"status\">\(sentence)</p>"))
            try await student.get("/courses/\(course.id ?? 0)?done=enroll%65d").expect(.ok)
            #expect(student.page.contains(sentence))
            try await student.get("/courses/\(course.id ?? 0)").expect(.ok)
            #expect(!student.page.contains(sentence))
        }
    }

    @Test("the admin page's notice of ?done= is drawn in its own place, where a one-time link also goes")
    func adminNoticeInItsPlace() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let adminEmail = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
            var (browser, _) = try await Self.signedIn(server, adminEmail, password: TestServer.adminPassword)
            let revoked = Catalogue.of(.en).string(Message("admin.done-revoked"))
            try await browser.get("/admin?done=revok%65d").expect(.ok)
            #expect(browser.page.contains("<div class=\"notice\" role=\"status\"><p>\(revoked)</p>"))
            try await browser.get("/admin?done=revoked-not").expect(.ok)
            #expect(!browser.page.contains(revoked))
        }
    }

    @Test func aForgottenPasswordIsResetWithALinkInTheBrowser() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let email = uniqueEmail("student")
            let student = try await server.signUp(email, role: .student)
            var browser = TestBrowser(server)
            try await browser.get("/login")
            #expect(browser.page.contains("href=\"/forgot\""))
            try await browser.get("/forgot").expect(.ok)
            for address in [email, "nobody@example.com"] {
                try await browser.post("/forgot", [("email", address)]).expect(.ok)
                #expect(browser.page.contains("If an account has this address, a link to set a new password is on its way"))
            }
            try await browser.post("/forgot", [("email", "not an email")]).expect(.badRequest)

            let link = try await server.post(APIPaths.adminResetLink(try #require(student.userId)), raw: "", token: admin.token)
                .expect(.created).decode(OneTimeLink.self)
            let path = String(link.url.dropFirst("http://127.0.0.1:\(server.port)".count))
            try await browser.get(path).expect(.ok)
            #expect(browser.page.contains("Set password") && browser.page.contains("<h1>Choose a new password</h1>"))
            let csrf = try #require(browser.csrfToken)
            let done = try await browser.post(path, [("password", "a brand new passphrase")]).expect(.seeOther)
            #expect(done.headers[.location] == RecoveryPageController.signIn(done: "reset", email: email))
            try await browser.get(path).expect(.gone)
            try await browser.post(path, [("password", "another passphrase")], csrf: csrf).expect(.gone)
            try await server.get(APIPaths.me, token: student.token).expect(.unauthorized)
            _ = try await Self.signedIn(server, email, password: "a brand new passphrase")
        }
    }

    @Test func theAdminPageIsForAdminsAndItsFormsNeedTheirToken() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let email = uniqueEmail("student")
            let student = try await server.signUp(email, role: .student)
            var (studentBrowser, _) = try await Self.signedIn(server, email, password: "correct horse battery")
            try await studentBrowser.get("/admin").expect(.forbidden)
            try await studentBrowser.post("/admin/users/\(try #require(student.userId))/disable", []).expect(.forbidden)

            let adminEmail = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
            var (browser, _) = try await Self.signedIn(server, adminEmail, password: TestServer.adminPassword)
            let userID = try #require(student.userId)
            try await browser.post("/admin/users/\(userID)/disable", [], csrf: "forged").expect(.forbidden)
            try await server.get(APIPaths.me, token: student.token).expect(.ok)
            try await browser.follow(try await browser.post("/admin/users/\(userID)/disable", []).expect(.seeOther))
            #expect(browser.page.contains("disabled"))
            try await server.get(APIPaths.me, token: student.token).expect(.unauthorized)
            try await studentBrowser.get("/courses").expect(.seeOther)
            try await browser.post("/admin/users/\(try #require(admin.userId))/disable", []).expect(.conflict)
            try await browser.post("/admin/users/abc/disable", []).expect(.notFound)
            for text in FuzzText.inputs {
                try await browser.post("/admin/invitations", [("email", text), ("role", "faculty")]).expect(.badRequest)
                let query = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                try await browser.get("/admin?q=" + query).expect(.ok)
            }
        }
    }

    /// The account page's language select sets the person's own setting (as `PUT
    /// /api/me/language` does): every page follows it, "the browser's choice" clears it, and
    /// anything but a language of ours is a 400 page that changes nothing.
    @Test func aPersonChoosesTheLanguageOfTheirPagesOnTheAccountPage() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("student")
            let student = try await server.signUp(email, role: .student)
            var (browser, _) = try await Self.signedIn(server, email, password: "correct horse battery")
            func setting() async throws -> Language? {
                try await server.get(APIPaths.me, token: student.token).expect(.ok).decode(UserProfile.self).language
            }
            try await browser.get("/account", headers: [.acceptLanguage: "en"]).expect(.ok)
            #expect(browser.page.contains("<label for=\"language\">Language of the pages</label>"))
            #expect(browser.page.contains("<option value=\"\" selected>The browser"))

            let saved = try await browser.post("/account/language", [("language", "pl")]).expect(.seeOther)
            #expect(saved.headers[.location] == "/account?done=language")
            #expect(try await setting() == .pl)
            try await browser.get("/account?done=language", headers: [.acceptLanguage: "en"]).expect(.ok)
            #expect(LanguageChoiceTests.htmlLang(browser.page) == "pl", "the setting before Accept-Language")
            #expect(
                browser.page.contains("Zapisano język.")
                    && browser.page.contains("<option value=\"pl\" lang=\"pl\" selected>Polski</option>"))

            let refused = ["de", "PL", "pl\u{301}", "\"'", String(repeating: "p", count: 5000)] + FuzzText.inputs
            for value in refused {
                try await browser.post("/account/language", [("language", value)]).expect(.badRequest)
            }
            try await browser.post("/account/language", [("language", "en")], csrf: "forged").expect(.forbidden)
            #expect(try await setting() == .pl, "a refused choice changes nothing")

            try await browser.post("/account/language", [("language", "")]).expect(.seeOther)
            #expect(try await setting() == nil)
            try await browser.get("/account", headers: [.acceptLanguage: "en"]).expect(.ok)
            #expect(LanguageChoiceTests.htmlLang(browser.page) == "en", "no setting: the browser chooses again")
        }
    }

    /// A student's own pages in Polish: the sign-in, their courses, a course's exam list and an
    /// exam's start page (the counts by the Polish plural rules), the account, the grades and
    /// an error page, every sentence from the catalogue.
    @Test func aStudentsOwnPagesSpeakPolish() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Historia", token: faculty.token)
            let courseID = try #require(course.id)
            let questions = (1...5).map { QuestionDraft(kind: .trueFalse, prompt: "Pytanie \($0)?", points: 3, answer: .bool(true)) }
            let exam = try await server.publishedExam(
                ExamDraft(title: "Sprawdzian", timeLimitMinutes: 45, maxAttempts: 2, questions: questions), courseID: courseID,
                token: faculty.token)

            var browser = TestBrowser(server)
            browser.cookies["lang"] = "pl"
            try await browser.get("/login").expect(.ok)
            #expect(browser.page.contains("<label for=\"email\">E-mail</label>") && browser.page.contains("Załóż konto ucznia"))
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.get("/courses").expect(.ok)
            #expect(browser.page.contains("Nie należysz jeszcze do żadnego kursu.") && browser.page.contains(">Zapisz się</button>"))
            try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
            #expect(browser.page.contains("Zapisano Cię na kurs Historia."))
            #expect(browser.page.contains("5 pytań · 45 min · wykorzystano 0 z 2 podejść"), "\(browser.page)")
            try await browser.get("/exams/\(exam.id)").expect(.ok)
            #expect(browser.page.contains("5 pytań, łącznie 15 punktów.") && browser.page.contains(">Rozpocznij podejście</button>"))
            try await browser.get("/account").expect(.ok)
            #expect(browser.page.contains("<h1>Moje konto</h1>") && browser.page.contains(">Wyloguj się wszędzie</button>"))
            try await browser.get("/grades").expect(.ok)
            #expect(browser.page.contains("Nie ma jeszcze ocen."))
            try await browser.get("/courses/\(courseID + 1000)").expect(.notFound)
            #expect(browser.page.contains("<title>Nie znaleziono · ExamPrep</title>") && browser.page.contains("Wróć do strony startowej"))
        }
    }
}
