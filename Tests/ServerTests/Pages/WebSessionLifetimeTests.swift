import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// A browser session ends when unused for `WEB_SESSION_TTL`, but never while an attempt it started
/// (or resumed) runs; no other session of the student comes back meanwhile; a password change
/// made elsewhere ends it at once.
@Suite("Web session lifetime", .hangGuard)
struct WebSessionLifetimeTests {
    /// A server on a test clock with 5-minute browser sessions, an exam of `timeLimitMinutes`
    /// published in a course, and a student enrolled through the pages: `body` gets the server,
    /// the clock, the exam's id and the student's browser with its address.
    static func withExam(
        timeLimitMinutes: Int?, _ body: @escaping @Sendable (TestServer, TestClock, Int, TestBrowser, String) async throws -> Void
    ) async throws {
        let clock = TestClock()
        try await TestServer.run(configure: {
            $0.clock = clock.serverClock
            $0.accessTokenLifetime = 30 * 24 * 3600
            $0.webSessionLifetime = 300
        }) { server in
            let (faculty, _, course) = try await server.classroom()
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: timeLimitMinutes), courseID: try #require(course.id), token: faculty.token)
            let email = uniqueEmail("student")
            var browser = TestBrowser(server)
            try await browser.registerStudent(email)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            try await body(server, clock, exam.id, browser, email)
        }
    }

    @Test("an attempt keeps the session open to its deadline and grace; then the unused session ends")
    func outlivesAttempt() async throws {
        try await Self.withExam(timeLimitMinutes: 60) { _, clock, examID, browser, _ in
            var browser = browser
            let attemptPath = try #require(try await browser.post("/exams/\(examID)/attempts", []).expect(.seeOther).headers[.location])

            clock.advance(by: 50 * 60)
            try await browser.get(attemptPath).expect(.ok)
            clock.advance(by: 9 * 60)
            try await browser.get(attemptPath).expect(.ok)
            // Past the deadline the attempt is submitted, and an unused session ends with it.
            clock.advance(by: 30 * 60)
            let ended = try await browser.get(attemptPath)
            #expect(ended.status == .seeOther && ended.headers[.location]?.hasPrefix("/login") == true)
        }
    }

    @Test("only the session that started or resumed the attempt outlives its idle expiry, to the attempt's end")
    func onlyTheAttemptsSession() async throws {
        try await Self.withExam(timeLimitMinutes: 60) { server, clock, examID, schoolComputer, email in
            var schoolComputer = schoolComputer
            var (examRoom, _) = try await AccountPagesTests.signedIn(server, email, password: "correct horse battery")
            let attemptPath = try #require(try await examRoom.post("/exams/\(examID)/attempts", []).expect(.seeOther).headers[.location])

            // The old cookie on the school's computer expires as if no exam ran; the exam room's does not.
            clock.advance(by: 30 * 60)
            let old = try await schoolComputer.get("/courses")
            #expect(old.status == .seeOther && old.headers[.location]?.hasPrefix("/login") == true)
            try await examRoom.get(attemptPath).expect(.ok)

            // Resumed from a third browser, the attempt keeps that one open instead.
            var (library, _) = try await AccountPagesTests.signedIn(server, email, password: "correct horse battery")
            try await library.post("/exams/\(examID)/attempts", []).expect(.seeOther)
            clock.advance(by: 10 * 60)
            try await library.get(attemptPath).expect(.ok)
            #expect(try await examRoom.get(attemptPath).status == .seeOther)
        }
    }

    @Test("an attempt without a deadline keeps its session open for a day after it started, no longer")
    func untimedAttemptHoldsADay() async throws {
        try await Self.withExam(timeLimitMinutes: nil) { _, clock, examID, browser, _ in
            var browser = browser
            let attemptPath = try #require(try await browser.post("/exams/\(examID)/attempts", []).expect(.seeOther).headers[.location])
            clock.advance(by: 23 * 3600)
            try await browser.get(attemptPath).expect(.ok)
            clock.advance(by: 2 * 3600)
            let ended = try await browser.get(attemptPath)
            #expect(ended.status == .seeOther && ended.headers[.location]?.hasPrefix("/login") == true)
        }
    }

    @Test("a password change through the API ends the browser's session")
    func passwordChange() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("change")
            var browser = TestBrowser(server)
            try await browser.registerStudent(email)
            try await browser.get("/courses").expect(.ok)
            let app = try await server.login(email)
            try await server.post(
                APIPaths.mePassword,
                json: ChangePasswordRequest(currentPassword: "correct horse battery", newPassword: "another horse battery"),
                token: app.token
            ).expect(.ok)
            try await browser.get("/courses").expect(.seeOther)
        }
    }
    @Test("each request moves an unused session's end on: used every 4 minutes it outlives its 5, then ends 5 minutes unused")
    func useMovesTheEndOn() async throws {
        let clock = TestClock()
        try await TestServer.run(configure: {
            $0.clock = clock.serverClock
            $0.webSessionLifetime = 300
        }) { server in
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("busy"))
            for _ in 0..<4 {
                clock.advance(by: 240)
                try await browser.get("/courses").expect(.ok)
            }
            clock.advance(by: 301)
            let ended = try await browser.get("/courses")
            #expect(ended.status == .seeOther && ended.headers[.location]?.hasPrefix("/login") == true)
        }
    }
}
