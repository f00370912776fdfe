import ExamPrepServerTestSupport
import ExamPrepShared
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// A browser session ends when unused for `WEB_SESSION_TTL`, but never while its student has an
/// attempt running; a password change made elsewhere ends it at once.
@Suite("Web session lifetime", .timeLimit(.minutes(4)))
struct WebSessionLifetimeTests {
    @Test("an attempt keeps the session open to its deadline and grace; then the unused session ends")
    func outlivesAttempt() async throws {
        let clock = TestClock()
        try await TestServer.run(configure: {
            $0.clock = clock.serverClock
            $0.accessTokenLifetime = 7 * 24 * 3600
            $0.webSessionLifetime = 300
        }) { server in
            let (faculty, _, course) = try await server.classroom()
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: 60), courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("long"))
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attemptPath = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])

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
