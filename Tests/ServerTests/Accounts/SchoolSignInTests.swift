import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Sign-in with the school's accounts through the real server and the tests' OpenID provider:
/// the button, the account found by `(iss, sub)`, the first sign-in's linking rules, the admin
/// page that shows and unlinks it.
@Suite("Sign-in with the school's accounts", .hangGuard)
struct SchoolSignInTests {
    @Test func aStudentFromAClassListSignsInWithTheButtonAndSitsAnExam() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            let (teacher, course) = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            let exam = try await server.publishedExam(courseID: try #require(course.id), token: teacher.token)
            try await provider.signIn(subject: "pupil-1", email: email.uppercased())

            var browser = TestBrowser(server)
            try await browser.get("/login").expect(.ok)
            #expect(browser.page.contains(">Sign in with School</a>") && browser.page.contains("href=\"/auth/oidc/start\""))
            try await browser.get("/login?next=/exams/\(exam.id)").expect(.ok)
            #expect(browser.page.contains("href=\"/auth/oidc/start?next=/exams/\(exam.id)\""))
            let start = try await browser.get("/auth/oidc/start?next=/exams/\(exam.id)").expect(.found)
            let location = try #require(start.headers[.location])
            #expect(location.hasPrefix(provider.issuer + "/authorize?"))
            for part in [
                "code_challenge_method=S256", "code_challenge=", "state=", "nonce=", "client_id=examprep-tests",
                "redirect_uri=http%3A%2F%2F127.0.0.1%3A\(server.port)%2Fauth%2Foidc%2Fcallback",
            ] {
                #expect(location.contains(part), "\(part) missing from \(location)")
            }
            #expect(start.headers[values: .setCookie].contains { $0.hasPrefix("examprep_flow=") && $0.contains("HttpOnly") })
            let callback = try await browser.get(try TestBrowser.localPath(try await provider.authorize(location))).expect(.seeOther)
            #expect(callback.headers[.location] == "/exams/\(exam.id)")
            #expect(callback.headers[values: .setCookie].contains { $0.hasPrefix("examprep_session=") })

            // The student sits the exam in the session the button opened.
            try await browser.get("/exams/\(exam.id)").expect(.ok)
            let started = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
            let attemptPath = try #require(started.headers[.location])
            try await browser.follow(try await browser.post(attemptPath + "/submit", []).expect(.seeOther)).expect(.ok)
            #expect(browser.page.contains("Your attempt is submitted"))
            let attempts = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: teacher.token).expect(.ok)
                .decode([FacultyAttemptSummary].self)
            #expect(attempts.count == 1 && attempts.first?.submittedAt != nil)

            // The next sign-in finds the account by (iss, sub), whatever the address says now.
            try await provider.signIn(subject: "pupil-1", email: SchoolSignInSupport.schoolEmail("renamed"))
            var again = TestBrowser(server)
            try await again.signInWithSchool(provider).expect(.seeOther)
            #expect(try await again.isSignedIn())
        }
    }

    @Test func someoneWithoutAnAccountIsToldToAskTheSchoolAndNothingIsMade() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail("stranger")
            try await provider.signIn(subject: "stranger", email: email)
            var browser = TestBrowser(server)
            try await browser.signInWithSchool(provider).expect(.forbidden)
            #expect(browser.page.contains("There is no ExamPrep account for \(email)") && browser.page.contains("Ask your school"))
            #expect(!(try await browser.isSignedIn()))
            let users = try await server.get(APIPaths.adminUsers + "?q=stranger", token: admin.token).decode([AccountInfo].self)
            #expect(users.isEmpty)
        }
    }

    @Test func anInvitationBecomesTheAccountOfItsRoleWithoutAPassword() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail("teacher")
            _ = try await server.invite(email, role: .faculty, admin: admin)
            try await provider.signIn(subject: "teacher-1", email: email)
            var browser = TestBrowser(server)
            let reply = try await browser.signInWithSchool(provider).expect(.seeOther)
            #expect(reply.headers[.location] == "/teach")
            // It never had a password: the address cannot sign in with one.
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "!")).expect(.badRequest)
            let invitations = try await server.get(APIPaths.adminInvitations, token: admin.token).decode([InvitationInfo].self)
            #expect(invitations.first { $0.email == email }?.status == .accepted)
        }
    }

    @Test func anAccountWithAPasswordIsLinkedOnlyAfterItsOwnerTypesIt() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail("registered")
            _ = try await server.signUp(email, role: .student)
            try await provider.signIn(subject: "registered-1", email: email)
            var browser = TestBrowser(server)
            try await browser.signInWithSchool(provider).expect(.ok)
            #expect(browser.page.contains("Link your school account") && browser.page.contains("has a password"))
            #expect(!(try await browser.isSignedIn()))
            let held = try #require(TestBrowser.value(of: "held", in: browser.page))

            for password in FuzzText.inputs.prefix(4) + ["wrong password"] {
                try await browser.post("/auth/oidc/link", [("held", held), ("password", password)]).expect(.badRequest)
                #expect(browser.page.contains("That is not this account&#39;s password."))
            }
            // Another browser cannot use this browser's form.
            var other = TestBrowser(server)
            try await other.get("/login")
            try await other.post("/auth/oidc/link", [("held", held), ("password", "correct horse battery")]).expect(.gone)

            let linked = try await browser.post("/auth/oidc/link", [("held", held), ("password", "correct horse battery")])
                .expect(.seeOther)
            #expect(linked.headers[.location] == "/courses")
            // Once: the same browser's form again links nothing.
            var replay = TestBrowser(server)
            replay.cookies = browser.cookies.filter { $0.key == "examprep_flow" }
            try await replay.get("/login")
            try await replay.post("/auth/oidc/link", [("held", held), ("password", "correct horse battery")]).expect(.gone)

            var next = TestBrowser(server)
            try await next.signInWithSchool(provider).expect(.seeOther)
            #expect(try await next.isSignedIn())
        }
    }

    @Test func theAdminPageShowsHowEachAccountSignsInAndUnlinks() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "pupil-admin", email: email)
            var pupil = TestBrowser(server)
            try await pupil.signInWithSchool(provider).expect(.seeOther)

            var browser = TestBrowser(server)
            try await browser.get("/login")
            let me = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self)
            try await browser.post("/login", [("email", me.email), ("password", TestServer.adminPassword)]).expect(.seeOther)
            try await browser.get("/admin?q=\(email.split(separator: "@")[0])").expect(.ok)
            #expect(browser.page.contains("school account (\(email))"))
            let users = try await server.get(APIPaths.adminUsers + "?q=\(email.split(separator: "@")[0])", token: admin.token)
                .decode([AccountInfo].self)
            let id = try #require(users.first?.id)
            try await browser.follow(try await browser.post("/admin/users/\(id)/unlink-school-account", []).expect(.seeOther))
            #expect(browser.page.contains("The school account is unlinked") && browser.page.contains("unlinked school account"))
            try await browser.post("/admin/users/\(id)/unlink-school-account", []).expect(.notFound)

            // A class list's account that never had a password links again at the next sign-in.
            try await provider.signIn(subject: "pupil-admin-new", email: email)
            var again = TestBrowser(server)
            try await again.signInWithSchool(provider).expect(.seeOther)
        }
    }

    @Test func anAccountLinkedToAnotherSubjectIsNotTakenByTheSameAddress() async throws {
        try await SchoolSignInSupport.run { server, admin, provider in
            let email = SchoolSignInSupport.schoolEmail()
            _ = try await SchoolSignInSupport.classListStudent(email, server: server, admin: admin)
            try await provider.signIn(subject: "first-owner", email: email)
            var first = TestBrowser(server)
            try await first.signInWithSchool(provider).expect(.seeOther)
            // The address is given to someone else (a new subject): not linked, the admin decides.
            try await provider.signIn(subject: "second-owner", email: email)
            var second = TestBrowser(server)
            try await second.signInWithSchool(provider).expect(.conflict)
            #expect(second.page.contains("linked to another school account"))
            #expect(!(try await second.isSignedIn()))
        }
    }
}
