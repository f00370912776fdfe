import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Time zones (issue 67, item 6): `DEFAULT_TIME_ZONE` is the school's zone (checked at start,
/// `UTC` by default), a new course's when its teacher names none; times are shown in the
/// course's zone (or the school's outside a course) with the zone's name, never as
/// `2026-12-06T09:45:00Z`: "My grades", the account page, /admin and mails.
@Suite("Time zones", .hangGuard)
struct TimeZoneTests {
    /// 09:45 UTC on a winter day: 10:45 in Warsaw (CET, UTC+1).
    static let winterMorning = Date(timeIntervalSince1970: 1_796_550_300)

    @Test("DEFAULT_TIME_ZONE: UTC by default, an IANA name taken, anything else refuses to start with a clear message")
    func theSetting() throws {
        #expect(try AppConfiguration(environment: [:]).defaultTimeZone == "UTC")
        #expect(try AppConfiguration(environment: ["DEFAULT_TIME_ZONE": "Europe/Warsaw"]).defaultTimeZone == "Europe/Warsaw")
        for bad in ["Mars/Olympus", "europe/warsaw", "CET+1", "Europe/Warsaw\u{301}", "\"'"] {
            #expect {
                try AppConfiguration(environment: ["DEFAULT_TIME_ZONE": bad])
            } throws: { error in
                (error as? ConfigurationError)?.description
                    == "DEFAULT_TIME_ZONE (--default-time-zone) must be an IANA time zone name such as Europe/Warsaw or UTC, got \(bad)"
            }
        }
    }

    @Test("the zone is named and the clock is the zone's: 10:45 in Warsaw for 09:45Z in winter, in both languages")
    func theOneFormatter() {
        #expect(Self.winterMorning == ISO8601DateFormatter().date(from: "2026-12-06T09:45:00Z"))
        let english = PageTime.text(Self.winterMorning, timeZone: "Europe/Warsaw", language: .en)
        let polish = PageTime.text(Self.winterMorning, timeZone: "Europe/Warsaw", language: .pl)
        #expect(english.contains("6 Dec 2026") && english.hasSuffix("10:45 (Europe/Warsaw)"), "\(english)")
        #expect(polish.contains("6 gru 2026") && polish.hasSuffix("10:45 (Europe/Warsaw)"), "\(polish)")
        #expect(PageTime.text(Self.winterMorning, timeZone: "UTC").hasSuffix(" 9:45 (UTC)"))
    }

    @Test("a new course takes the school's zone when its teacher names none; the new course form offers it first")
    func newCourses() async throws {
        try await TestServer.run(configure: { $0.defaultTimeZone = "Europe/Warsaw" }) { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let course = try await server.createCourse("Zoned", token: faculty.token)
            #expect(course.timeZone == "Europe/Warsaw")
            let named = try await server.post(
                APIPaths.facultyCourses, json: CreateCourseRequest(name: "Named", description: "About it", timeZone: "Asia/Tokyo"),
                token: faculty.token
            ).expect(.created).decode(CreateCourseResponse.self).course
            #expect(named.timeZone == "Asia/Tokyo")
            try await browser.get("/teach").expect(.ok)
            #expect(browser.page.contains("<option selected>Europe/Warsaw</option>"), "\(browser.page)")
        }
    }

    @Test("My grades shows the submission in the course's zone: 10:45 (Europe/Warsaw) for 09:45Z")
    func gradesInTheCoursesZone() async throws {
        let clock = TestClock(Self.winterMorning)
        try await TestServer.run(configure: { $0.clock = clock.serverClock }) { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.post(
                APIPaths.facultyCourses, json: CreateCourseRequest(name: "Warsaw", description: "About it", timeZone: "Europe/Warsaw"),
                token: faculty.token
            ).expect(.created).decode(CreateCourseResponse.self).course
            let exam = try await server.publishedExam(GradeBookGradeTests.draft, courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            let email = uniqueEmail("pupil")
            try await browser.registerStudent(email)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let pupil = try await server.login(email)
            _ = try await GradeBookGradeTests.submit(exam.id, right: 2, token: pupil.token, on: server)
            try await browser.get("/grades").expect(.ok)
            #expect(browser.page.contains("10:45 (Europe/Warsaw)"), "\(browser.page)")
            #expect(!browser.page.contains("(UTC)") && !browser.page.contains("2026-12-06T"))
        }
    }

    @Test("the account page's sessions and /admin's accounts and audit are in the school's zone, named")
    func outsideACourse() async throws {
        try await TestServer.runWithAdmin(configure: { $0.defaultTimeZone = "Europe/Warsaw" }) { server, admin, _ in
            let adminEmail = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
            var (browser, _) = try await AccountPagesTests.signedIn(server, adminEmail, password: TestServer.adminPassword)
            try await browser.post("/admin/invitations", [("email", uniqueEmail("teacher")), ("role", "faculty")]).expect(.created)
            try await browser.get("/admin").expect(.ok)
            #expect(browser.page.contains("(Europe/Warsaw)") && !browser.page.contains("(UTC)"), "\(browser.page)")
            try await browser.get("/account").expect(.ok)
            #expect(browser.page.contains("(Europe/Warsaw)") && !browser.page.contains("(UTC)"), "\(browser.page)")
        }
    }

    @Test("mails: a class list's link ends in the course's zone, a reset link in the school's; never an ISO time")
    func mails() async throws {
        let clock = TestClock(Self.winterMorning.addingTimeInterval(-7 * 24 * 60 * 60))
        try await SMTPSink.with { sink in
            try await TestServer.run(configure: {
                MailTests.mailing(&$0, port: sink.port)
                $0.clock = clock.serverClock
                $0.defaultTimeZone = "America/New_York"
            }) { server in
                let (faculty, courseID) = try await MailWelcomeTests.teacher(
                    server, name: "Anna Nowak", course: "Warsaw", timeZone: "Europe/Warsaw")
                let newEmail = uniqueEmail("new")
                try await server.send(
                    .post, APIPaths.classListImport(courseID), token: faculty.token, headers: [.contentType: "text/csv"],
                    body: ByteBuffer(string: "email\n\(newEmail)\n")
                ).expect(.created)
                try await eventually("the class list's mail") { sink.messages().contains { $0.contains(newEmail) } }
                let welcome = try #require(sink.messages().first { $0.contains(newEmail) })
                // The link works 7 days: until 2026-12-06T09:45Z, 10:45 in Warsaw.
                #expect(welcome.contains("6 Dec 2026") && welcome.contains("10:45 (Europe/Warsaw)"), "\(welcome)")

                let student = uniqueEmail("student")
                try await server.register(student, role: .student).expect(.created)
                try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: student)).expect(.ok)
                try await eventually("the reset mail") { sink.messages().contains { $0.contains(student) } }
                let reset = try #require(sink.messages().first { $0.contains(student) })
                // An hour from 2026-11-29T09:45Z: 10:45Z, 05:45 in New York (EST, UTC-5).
                #expect(reset.contains("29 Nov 2026") && reset.contains(" 5:45 (America/New_York)"), "\(reset)")
                #expect(
                    !(welcome + reset).contains("(UTC)") && !(welcome + reset).contains("T09:45") && !(welcome + reset).contains("T10:45"))
            }
        }
    }
}
