import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The exam pages (issue 39, step three): the editor writes an exam with a fixed question and
/// a slot drawing from the bank, its window in the course's time zone; publish, close, a
/// student's own terms. Another teacher gets 404, a student 403; every field fuzzed.
@Suite("Teach pages: exams", .hangGuard)
struct TeachExamPagesTests {
    /// A teacher with a course in Europe/Warsaw whose bank holds `TeachBankPagesTests.gift`.
    static func courseWithBank(_ server: TestServer) async throws -> (browser: TestBrowser, login: LoginResponse, course: Course) {
        var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
        _ = try await TeachCoursePagesTests.createCourse(&browser, name: "Exams", timeZone: "Europe/Warsaw")
        let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
        try await server.send(
            .post, APIPaths.importQuestions(course.id ?? 0), token: faculty.token, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ByteBuffer(string: TeachBankPagesTests.gift)
        ).expect(.created)
        return (browser, faculty, course)
    }

    static func examFields(title: String, fixed: [Int], slotTopic: String, slotCount: String) -> [(String, String)] {
        [
            ("title", title), ("instructions", "Calculators allowed."), ("timeLimitMinutes", "30"), ("opensAt", "2027-06-15T09:00"),
            ("closesAt", "2027-06-15T12:00"), ("maxAttempts", "2"), ("gradingMethod", "highest"), ("minutesBetweenAttempts", ""),
            ("graceSeconds", "30"), ("shuffleQuestions", "true"), ("afterSubmit", "score"), ("afterClose", "score"),
            ("afterClose", "answers"),
        ] + fixed.map { ("fixed", String($0)) } + [
            ("slotCount", slotCount), ("slotTopic", slotTopic), ("slotTags", ""), ("slotPoints", "2"),
            ("slotCount", ""), ("slotTopic", ""), ("slotTags", ""), ("slotPoints", ""),
        ]
    }

    @Test("the editor writes an exam with a fixed question and a bank slot, its window in the course's time zone; publish, close")
    func writePublishClose() async throws {
        try await TestServer.run { server in
            var (browser, faculty, course) = try await Self.courseWithBank(server)
            let courseID = course.id ?? 0
            let bank = try await server.get(APIPaths.courseQuestions(courseID), token: faculty.token).decode([Question].self)
            let angles = try #require(bank.first { $0.name == "Angles" })
            try await browser.get("/teach/courses/\(courseID)/exams/new").expect(.ok)
            // The slots' topics: every topic of the bank, those above others too, in one list.
            #expect(browser.page.contains("<option value=\"algebra\"></option><option value=\"algebra/groups\"></option>"))
            #expect(browser.page.components(separatedBy: "<option value=\"algebra/groups\">").count == 2)

            // A slot asking for more than the topic holds: the form again, kept as sent.
            let hostile = "Midterm <script>x()</script> \"\(FuzzText.combining)'"
            let short = try await browser.post(
                "/teach/courses/\(courseID)/exams",
                Self.examFields(title: hostile, fixed: [angles.id], slotTopic: "algebra", slotCount: "0"))
            #expect(short.status == .badRequest, "\(short.status)")
            #expect(browser.page.contains("role=\"alert\"") && browser.page.contains("value=\"2027-06-15T09:00\""))
            #expect(!browser.page.contains("<script>x()") && browser.page.contains("Midterm &lt;script&gt;"))

            let created = try await browser.post(
                "/teach/courses/\(courseID)/exams",
                Self.examFields(title: hostile, fixed: [angles.id], slotTopic: "algebra", slotCount: "2")
            ).expect(.seeOther)
            let examPath = try #require(created.headers[.location]).split(separator: "?")[0]
            try await browser.follow(created).expect(.ok)
            #expect(
                browser.page.contains("The exam is saved") && browser.page.contains("15 Jun 2027")
                    && browser.page.contains("9:00 (Europe/Warsaw)"))
            let examID = try #require(Int(examPath.split(separator: "/").last ?? ""))
            let exam = try await server.get(APIPaths.facultyExam(examID), token: faculty.token).decode(Exam.self)
            #expect(exam.title == hostile && exam.timeLimitMinutes == 30 && exam.maxAttempts == 2)
            #expect(exam.opensAt == ISO8601DateFormatter().date(from: "2027-06-15T07:00:00Z"))
            #expect(
                exam.questions.map(\.prompt) == [angles.prompt]
                    && exam.draws?.first?.fromBank == BankDraw(topic: "algebra", count: 2, points: 2))
            #expect(exam.policy.graceSeconds == 30 && exam.policy.shuffleQuestions && exam.policy.review.afterClose == [.score, .answers])

            // The editor shows the draft as stored; an edit keeps the fixed question.
            try await browser.get("\(examPath)/edit").expect(.ok)
            #expect(
                browser.page.contains("value=\"2027-06-15T12:00\"")
                    && browser.page.contains("id=\"keep-0\" name=\"keep\" type=\"checkbox\" value=\"0\" checked"))
            var fields = Self.examFields(title: "Midterm", fixed: [], slotTopic: "algebra", slotCount: "1")
            fields.append(("keep", "0"))
            try await browser.post("\(examPath)/edit", fields).expect(.seeOther)
            let edited = try await server.get(APIPaths.facultyExam(examID), token: faculty.token).decode(Exam.self)
            #expect(edited.title == "Midterm" && edited.questions.count == 1 && edited.draws?.first?.fromBank.count == 1)

            // Publish, then no more edits; close.
            try await browser.get(String(examPath))
            try await browser.follow(try await browser.post("\(examPath)/publish", []).expect(.seeOther))
            #expect(browser.page.contains("The exam is published"))
            try await browser.post("\(examPath)/edit", fields).expect(.conflict)
            try await browser.post("\(examPath)/publish", []).expect(.conflict)
            try await browser.get("/teach/courses/\(courseID)/exams").expect(.ok)
            #expect(browser.page.contains(">Midterm</a>") && browser.page.contains("published"))
            try await browser.get(String(examPath))
            try await browser.follow(try await browser.post("\(examPath)/close", []).expect(.seeOther))
            #expect(browser.page.contains("The exam is closed"))
        }
    }

    @Test("a student's own terms for one exam, set and removed in the exam's page")
    func overrides() async throws {
        try await TestServer.run { server in
            var (browser, faculty, course) = try await Self.courseWithBank(server)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.post(APIPaths.enroll, json: EnrollRequest(courseCode: course.courseCode), token: student.token).expect(
                .created)
            let created = try await browser.post(
                "/teach/courses/\(course.id ?? 0)/exams", Self.examFields(title: "Quiz", fixed: [], slotTopic: "", slotCount: "2")
            ).expect(.seeOther)
            let examPath = String(try #require(created.headers[.location]).split(separator: "?")[0])
            try await browser.get(examPath)
            let studentID = String(try #require(student.userId))
            try await browser.post("\(examPath)/overrides", [("student", studentID), ("extraAttempts", "500")]).expect(.badRequest)
            #expect(browser.page.contains("role=\"alert\""))
            try await browser.follow(
                try await browser.post(
                    "\(examPath)/overrides",
                    [("student", studentID), ("extraAttempts", "1"), ("opensAt", ""), ("closesAt", ""), ("timeLimitMinutes", "45")]
                ).expect(.seeOther))
            #expect(browser.page.contains("own terms are saved"))
            try await browser.follow(try await browser.post("\(examPath)/overrides/remove", [("student", studentID)]).expect(.seeOther))
            #expect(browser.page.contains("own terms are removed"))
            try await browser.post("\(examPath)/overrides/remove", [("student", studentID)]).expect(.notFound)
            _ = faculty
        }
    }

    @Test("another teacher gets 404 on every exam page and form, a student 403; every editor field fuzzed, never a 500")
    func othersAndFuzz() async throws {
        try await TestServer.run { server in
            var (owner, _, course) = try await Self.courseWithBank(server)
            let courseID = course.id ?? 0
            let created = try await owner.post(
                "/teach/courses/\(courseID)/exams", Self.examFields(title: "Private", fixed: [], slotTopic: "", slotCount: "1")
            ).expect(.seeOther)
            let examPath = String(try #require(created.headers[.location]).split(separator: "?")[0])
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("student"))
            let pages = ["/teach/courses/\(courseID)/exams", "/teach/courses/\(courseID)/exams/new", examPath, examPath + "/edit"]
            let forms = [
                "/teach/courses/\(courseID)/exams", examPath + "/edit", examPath + "/publish", examPath + "/close",
                examPath + "/overrides", examPath + "/overrides/remove",
            ]
            for page in pages {
                try await other.get(page).expect(.notFound)
                try await student.get(page).expect(.forbidden)
            }
            let fields = Self.examFields(title: "Taken", fixed: [], slotTopic: "", slotCount: "1") + [("student", "1")]
            for form in forms {
                try await other.post(form, fields).expect(.notFound)
                try await student.post(form, fields).expect(.forbidden)
            }
            // Fuzz the editor (every field at once, and each number field alone) and the override form.
            let names = Set(Self.examFields(title: "", fixed: [], slotTopic: "", slotCount: "").map(\.0)).union(["fixed", "keep"])
            let numbers = ["timeLimitMinutes", "maxAttempts", "graceSeconds", "slotCount", "opensAt"]
            try await owner.get(examPath + "/edit")
            for input in PageFormFuzzTests.inputs {
                PageFormFuzzTests.expectNoServerError(
                    try await owner.post(examPath + "/edit", names.sorted().map { ($0, input) }), "editor")
                for name in numbers {
                    var fuzzed = Self.examFields(title: "Fuzzed", fixed: [], slotTopic: "", slotCount: "1").filter { $0.0 != name }
                    fuzzed.append((name, input))
                    PageFormFuzzTests.expectNoServerError(try await owner.post(examPath + "/edit", fuzzed), "editor \(name)")
                }
                let reply = try await owner.post(
                    examPath + "/overrides", [("student", input), ("extraAttempts", input), ("timeLimitMinutes", input)])
                PageFormFuzzTests.expectNoServerError(reply, "override")
            }
            try await owner.get(examPath).expect(.ok)
        }
    }
}
