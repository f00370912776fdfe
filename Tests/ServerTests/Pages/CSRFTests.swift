import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Forged requests change nothing: a form without the session's token, one another site sent
/// (Sec-Fetch-Site, Origin), and a sign-in form posted from elsewhere (login CSRF).
@Suite("CSRF", .hangGuard)
struct CSRFTests {
    @Test("a forged enroll is 403 and enrolls nobody; the real form enrolls")
    func forgedEnroll() async throws {
        try await TestServer.run { server in
            let (_, _, course) = try await server.classroom()
            var browser = TestBrowser(server)
            let email = uniqueEmail("victim")
            try await browser.registerStudent(email)
            let code = course.courseCode

            try await browser.post("/courses", [("courseCode", code)], csrf: "forged").expect(.forbidden)
            try await browser.post("/courses", [("courseCode", code)], csrf: "").expect(.forbidden)
            try await browser.post("/courses", [("courseCode", code)], headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
                .expect(.forbidden)
            try await browser.post("/courses", [("courseCode", code)], headers: [.origin: "https://evil.example"]).expect(.forbidden)
            try await browser.post("/courses", [("courseCode", code)], headers: [.origin: "null"]).expect(.forbidden)
            // Another browser's token does not fit this session.
            var other = TestBrowser(server)
            try await other.registerStudent(uniqueEmail("other"))
            try await browser.post("/courses", [("courseCode", code)], csrf: other.csrfToken).expect(.forbidden)
            #expect(browser.page.contains("did not come from this site"))

            let student = try await server.login(email)
            let before = try await server.get(APIPaths.studentCourses, token: student.token).decode([EnrolledCourse].self)
            #expect(before.isEmpty, "nothing changed")

            try await browser.get("/courses")
            let enrolled = try await browser.post("/courses", [("courseCode", code.lowercased())]).expect(.seeOther)
            #expect(enrolled.headers[.location] == "/courses/\(course.id ?? 0)?done=enrolled")
            let after = try await server.get(APIPaths.studentCourses, token: student.token).decode([EnrolledCourse].self)
            #expect(after.map(\.id) == [course.id])
        }
    }

    @Test("a sign-in form without the pre-session token signs nobody in")
    func loginCSRF() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("attacker")
            try await server.register(email, role: .student).expect(.created)
            var browser = TestBrowser(server)
            let reply = try await browser.post("/login", [("email", email), ("password", "correct horse battery")], csrf: "x")
            #expect(reply.status == .seeOther && reply.headers[.location] == "/login")
            #expect(browser.cookies["examprep_session"] == nil)
            try await browser.get("/login")
            try await browser.post(
                "/login", [("email", email), ("password", "correct horse battery")],
                headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"]
            ).expect(.forbidden)
            #expect(browser.cookies["examprep_session"] == nil)
        }
    }

    @Test("a script's save needs the X-CSRF-Token header")
    func scriptHeader() async throws {
        try await TestServer.run { server in
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("script"))
            let body = ByteBuffer(string: #"{"answers":[]}"#)
            let json: HTTPFields = [.contentType: "application/json", .accept: "application/json"]
            var forged = json
            forged[HTTPField.Name("X-CSRF-Token")!] = "nope"
            try await browser.send(.put, "/attempts/1/answers", headers: forged, body: body).expect(.forbidden)
            try await browser.send(.put, "/attempts/1/answers", headers: json, body: body).expect(.unsupportedMediaType)
            var real = json
            let token = try #require(browser.csrfToken)
            real[HTTPField.Name("X-CSRF-Token")!] = token
            let reply = try await browser.send(.put, "/attempts/1/answers", headers: real, body: body).expect(.notFound)
            #expect(reply.error?.error == .notFound)
        }
    }
    /// Only `same-origin` and `none` pass: a request another site of the same registrable
    /// domain made (`same-site`: a student's page on a sibling subdomain) is refused, even with
    /// the session's own token in it (such a site may have read a page of ours).
    @Test("Sec-Fetch-Site same-site is refused even with the right token; same-origin and none pass")
    func sameSiteIsAnotherSite() async throws {
        try await TestServer.run { server in
            let (_, _, course) = try await server.classroom()
            var browser = TestBrowser(server)
            let email = uniqueEmail("sibling")
            try await browser.registerStudent(email)
            try await browser.get("/courses")
            let sameSite: HTTPFields = [HTTPField.Name("Sec-Fetch-Site")!: "same-site"]
            try await browser.post("/courses", [("courseCode", course.courseCode)], headers: sameSite).expect(.forbidden)
            #expect(browser.page.contains("did not come from this site"))
            // The script's route too, with the right header.
            try await browser.get("/courses")
            let token = try #require(browser.csrfToken)
            var script: HTTPFields = [
                .contentType: "application/json", .accept: "application/json", HTTPField.Name("X-CSRF-Token")!: token,
            ]
            script[HTTPField.Name("Sec-Fetch-Site")!] = "same-site"
            try await browser.send(.put, "/attempts/1/answers", headers: script, body: ByteBuffer(string: #"{"answers":[]}"#))
                .expect(.forbidden)
            let student = try await server.login(email)
            #expect(
                try await server.get(APIPaths.studentCourses, token: student.token).decode([EnrolledCourse].self).isEmpty, "nothing changed"
            )

            // A bookmark or a typed address (`none`) and the site itself pass.
            try await browser.get("/courses")
            try await browser.post("/courses", [("courseCode", course.courseCode)], headers: [HTTPField.Name("Sec-Fetch-Site")!: "none"])
                .expect(.seeOther)
            #expect(
                try await server.get(APIPaths.studentCourses, token: student.token).decode([EnrolledCourse].self).map(\.id) == [course.id])
        }
    }
}
