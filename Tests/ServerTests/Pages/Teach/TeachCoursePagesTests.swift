import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The faculty's course pages (issue 39, step one): create, edit, the code, the roster with
/// search, an accommodation, removing a student and deleting the course, each behind its
/// confirmation, every text shown as text. Another teacher gets 404 on all of it, a student 403.
@Suite("Teach pages: courses and rosters", .hangGuard)
struct TeachCoursePagesTests {
    /// A teacher signed in through the sign-in page.
    static func teacher(_ server: TestServer) async throws -> (browser: TestBrowser, login: LoginResponse) {
        let email = uniqueEmail("teacher")
        let login = try await server.signUp(email, role: .faculty)
        let (browser, home) = try await AccountPagesTests.signedIn(server, email, password: "correct horse battery")
        #expect(home == "/teach")
        return (browser, login)
    }

    /// Creates a course through `/teach`; returns its page's path.
    static func createCourse(_ browser: inout TestBrowser, name: String, timeZone: String = "UTC") async throws -> String {
        try await browser.get("/teach")
        let created = try await browser.post(
            "/teach/courses", [("name", name), ("description", "About \(name)"), ("timeZone", timeZone)]
        ).expect(.seeOther)
        let location = try #require(created.headers[.location])
        try await browser.follow(created).expect(.ok)
        return String(location.prefix { $0 != "?" })
    }

    @Test("a teacher creates, edits, recodes and deletes a course; the roster, an accommodation and a removal in pages")
    func aCourseFromStartToEnd() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await Self.teacher(server)
            let hostile = "Alg\(FuzzText.combining)ebra <script>x()</script> \"quoted\" 'single'"
            let path = try await Self.createCourse(&browser, name: hostile, timeZone: "Europe/Warsaw")
            #expect(browser.page.contains("The course is created"))
            #expect(!browser.page.contains("<script>x()") && browser.page.contains("&lt;script&gt;x()&lt;/script&gt;"))
            #expect(browser.page.contains("<option selected>Europe/Warsaw</option>"))
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            #expect(course.name == hostile && course.timeZone == "Europe/Warsaw" && path == "/teach/courses/\(course.id ?? 0)")

            // The same name twice: the form again with the message, the fields kept.
            try await browser.get("/teach")
            let twice = try await browser.post("/teach/courses", [("name", hostile), ("description", "Again"), ("timeZone", "UTC")])
            #expect(twice.status == .conflict && browser.page.contains("role=\"alert\"") && browser.page.contains(">Again</textarea>"))
            try await browser.post("/teach/courses", [("name", "x"), ("description", "Short name"), ("timeZone", "UTC")])
                .expect(.badRequest)
            try await browser.post("/teach/courses", [("name", "Zones"), ("description", "Bad zone"), ("timeZone", "Mars/Base")])
                .expect(.badRequest)

            // Edit; a new code.
            try await browser.follow(
                try await browser.post(path, [("name", "Algebra"), ("description", "Groups"), ("timeZone", "America/New_York")])
                    .expect(.seeOther))
            #expect(browser.page.contains("<h1>Algebra</h1>") && browser.page.contains("<option selected>America/New_York</option>"))
            try await browser.follow(try await browser.post(path + "/code", []).expect(.seeOther))
            let recoded = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            #expect(recoded.courseCode != course.courseCode && browser.page.contains(">\(recoded.courseCode)</code>"))

            // Two students enroll; the roster lists them, the search finds one.
            var students: [LoginResponse] = []
            for name in ["ann", "bob"] {
                let student = try await server.signUp(uniqueEmail(name), role: .student)
                try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: recoded.courseCode), token: student.token)
                    .expect(.created)
                students.append(student)
            }
            let annEmail = try await server.get(APIPaths.me, token: students[0].token).decode(UserProfile.self).email
            let bobEmail = try await server.get(APIPaths.me, token: students[1].token).decode(UserProfile.self).email
            try await browser.get(path).expect(.ok)
            #expect(browser.page.contains(annEmail) && browser.page.contains(bobEmail))
            try await browser.get(path + "?q=ANN-").expect(.ok)
            #expect(browser.page.contains(annEmail) && !browser.page.contains(bobEmail))

            // An accommodation: shown on the roster, refused out of range.
            let bob = try #require(students[1].userId)
            let bobPath = "\(path)/students/\(bob)"
            try await browser.get(bobPath).expect(.ok)
            try await browser.post(bobPath + "/accommodation", [("timeMultiplier", "9"), ("extraMinutes", "0"), ("note", "")])
                .expect(.badRequest)
            #expect(browser.page.contains("role=\"alert\"") && browser.page.contains("value=\"9\""))
            try await browser.follow(
                try await browser.post(bobPath + "/accommodation", [("timeMultiplier", "1.5"), ("extraMinutes", "10"), ("note", "<b>")])
                    .expect(.seeOther))
            #expect(browser.page.contains("1.5 × time, +10 min (&lt;b&gt;)"))
            try await browser.get(path)
            #expect(browser.page.contains("1.5 × time, +10 min"))

            // Removing a student: a confirmation page first, then gone from the roster.
            try await browser.get(bobPath + "/remove").expect(.ok)
            #expect(browser.page.contains("Remove \(bobEmail) from Algebra?"))
            try await browser.follow(try await browser.post(bobPath + "/remove", []).expect(.seeOther))
            #expect(browser.page.contains("no longer enrolled") && !browser.page.contains(bobEmail))
            try await browser.get(bobPath).expect(.notFound)

            // Deleting: the confirmation names what goes; then the course is gone.
            try await browser.get(path + "/delete").expect(.ok)
            #expect(browser.page.contains("<li>1 student enrollment</li>") && browser.page.contains("<li>0 exams</li>"))
            try await browser.follow(try await browser.post(path + "/delete", []).expect(.seeOther))
            #expect(browser.page.contains("The course is deleted"))
            try await browser.get(path).expect(.notFound)
            #expect(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).isEmpty)
        }
    }

    /// Every page and form of a course, for the authorization checks.
    static func routes(_ path: String, studentID: Int) -> (pages: [String], forms: [String]) {
        let student = "\(path)/students/\(studentID)"
        return (
            [path, path + "/delete", student, student + "/remove"],
            [path, path + "/code", path + "/delete", student + "/accommodation", student + "/accommodation/remove", student + "/remove"]
        )
    }

    @Test("another teacher gets 404 on every page and form of a course, a student 403; nothing changes")
    func othersAreKeptOut() async throws {
        try await TestServer.run { server in
            var (owner, faculty) = try await Self.teacher(server)
            let path = try await Self.createCourse(&owner, name: "Kept")
            let code = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
                .courseCode
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("student"))
            try await student.post("/courses", [("courseCode", code)]).expect(.seeOther)
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let studentID = try #require(
                try await server.get(APIPaths.roster(course.id ?? 0), token: faculty.token).decode([RosterEntry].self).first?.id)
            var (other, _) = try await Self.teacher(server)
            let (pages, forms) = Self.routes(path, studentID: studentID)
            for page in pages {
                try await other.get(page).expect(.notFound)
                try await student.get(page).expect(.forbidden)
            }
            try await student.get("/teach").expect(.forbidden)
            try await student.post("/teach/courses", [("name", "Mine"), ("description", "Not allowed"), ("timeZone", "UTC")])
                .expect(.forbidden)
            for form in forms {
                let fields = [("name", "Taken"), ("description", "Taken over"), ("timeZone", "UTC"), ("timeMultiplier", "2")]
                try await other.post(form, fields).expect(.notFound)
                try await student.post(form, fields).expect(.forbidden)
                try await owner.post(form, fields, csrf: "forged").expect(.forbidden)
            }
            let after = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            #expect(after == course)
        }
    }

    /// A page (200), a redirect or a 4xx page: anything but a server error.
    static func expectAnswered(_ reply: TestReply, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status.code >= 200 && reply.status.code < 500, "\(what): \(reply.status)", sourceLocation: sourceLocation)
    }

    @Test("every field of the course forms fuzzed: a 4xx page or a redirect, never a 500; the course kept")
    func everyFieldFuzzed() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await Self.teacher(server)
            let path = try await Self.createCourse(&browser, name: "Fuzzed")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token)
                .expect(.created)
            let studentPath = "\(path)/students/\(try #require(student.userId))"
            let good = ["name": "Fuzzed", "description": "About Fuzzed", "timeZone": "UTC"]
            let goodTerms = ["timeMultiplier": "1", "extraMinutes": "0", "note": ""]
            for input in PageFormFuzzTests.inputs {
                for field in ["name", "description", "timeZone"] {
                    var fields = good
                    fields[field] = input
                    let sorted = fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                    PageFormFuzzTests.expectNoServerError(try await browser.post("/teach/courses", sorted), "create \(field)")
                    PageFormFuzzTests.expectNoServerError(try await browser.post(path, sorted), "edit \(field)")
                }
                for field in ["timeMultiplier", "extraMinutes", "note"] {
                    var fields = goodTerms
                    fields[field] = input
                    let sorted = fields.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
                    PageFormFuzzTests.expectNoServerError(
                        try await browser.post(studentPath + "/accommodation", sorted), "accommodation \(field)")
                }
                let encoded = input.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
                Self.expectAnswered(try await browser.get("\(path)?q=\(encoded)&after=\(encoded)"), "search")
                Self.expectAnswered(try await browser.get("/teach/courses/\(encoded)"), "course id")
                PageFormFuzzTests.expectNoServerError(try await browser.post("\(path)/students/\(encoded)/remove", []), "student id")
            }
            try await browser.get(path).expect(.ok)
            #expect(try await server.get(APIPaths.roster(course.id ?? 0), token: faculty.token).decode([RosterEntry].self).count == 1)
        }
    }
}
