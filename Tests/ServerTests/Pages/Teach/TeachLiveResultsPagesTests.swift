import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The exam hour and the results as pages (issue 39, steps four and five): the live list and
/// its fragment, extending one attempt and everyone's, an attempt's log; the grade book sorted,
/// its CSV, the statistics with the histogram's text alternative. Another teacher gets 404, a
/// student 403.
@Suite("Teach pages: the exam hour and results", .hangGuard)
struct TeachLiveResultsPagesTests {
    /// A teacher's browser, a published 30-minute exam of every kind, and two students with an
    /// attempt each: the first submitted, the second running.
    static func examHour(_ server: TestServer) async throws
        -> (browser: TestBrowser, faculty: LoginResponse, exam: Exam, courseID: Int, submitted: Int, running: Int)
    {
        var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
        _ = try await TeachCoursePagesTests.createCourse(&browser, name: "Live <b>\(FuzzText.combining)</b>")
        let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
        var draft = ExamFixtures.everyKind()
        draft.timeLimitMinutes = 30
        draft.title = "Hour \"<i>\""
        let exam = try await server.publishedExam(draft, courseID: course.id ?? 0, token: faculty.token)
        var ids: [Int] = []
        for name in ["first", "second"] {
            let student = try await server.signUp(uniqueEmail(name), role: .student)
            try await server.enroll(course, token: student.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId),
                json: SaveAnswersRequest(answers: ExamFixtures.rightAnswers(attempt.questions)), token: student.token
            ).expect(.ok)
            if ids.isEmpty { try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.ok) }
            ids.append(attempt.attemptId)
        }
        return (browser, faculty, exam, course.id ?? 0, ids[0], ids[1])
    }

    @Test("the live list, its fragment, one extension and everyone's, an attempt's log")
    func live() async throws {
        try await TestServer.run { server in
            var (browser, _, exam, _, submitted, running) = try await Self.examHour(server)
            let live = "/teach/exams/\(exam.id)/live"
            try await browser.get(live).expect(.ok)
            #expect(browser.page.contains("2 started · <strong>1 in the exam</strong> · 1 submitted"))
            #expect(browser.page.contains("data-live=\"\(live)/rows\"") && browser.page.contains("href=\"\(live)\" class=\"refresh-link\""))
            #expect(browser.page.contains("Hour &quot;&lt;i&gt;&quot;") && !browser.page.contains("<i>"))
            let fragment = try await browser.get(live + "/rows").expect(.ok)
            #expect(fragment.text.contains("id=\"attempt-\(running)\"") && !fragment.text.contains("<html"))

            // One attempt: its log, an extension; a submitted one cannot be extended.
            try await browser.get("/teach/attempts/\(running)").expect(.ok)
            #expect(browser.page.contains("<td>started</td>") && browser.page.contains("<td>saved</td>"))
            try await browser.post("/teach/attempts/\(running)/extend", [("minutes", "0")]).expect(.badRequest)
            try await browser.follow(try await browser.post("/teach/attempts/\(running)/extend", [("minutes", "5")]).expect(.seeOther))
            #expect(browser.page.contains("The attempt is extended") && browser.page.contains("+5 min"))
            try await browser.post("/teach/attempts/\(submitted)/extend", [("minutes", "5")]).expect(.conflict)

            // Everyone's: the running attempt only.
            try await browser.get(live)
            try await browser.follow(try await browser.post("/teach/exams/\(exam.id)/extend", [("minutes", "3")]).expect(.seeOther))
            #expect(browser.page.contains("1 attempt extended.") && browser.page.contains("+8 min"))
        }
    }

    @Test("the grade book sorted by a column, its CSV; the statistics with the histogram and its text")
    func results() async throws {
        try await TestServer.run { server in
            var (browser, faculty, exam, courseID, _, _) = try await Self.examHour(server)
            try await browser.get("/teach/courses/\(courseID)/grades?sort=score&order=descending").expect(.ok)
            #expect(browser.page.contains("aria-sort=\"descending\"") && browser.page.contains("Hour &quot;&lt;i&gt;&quot;"))
            #expect(browser.page.contains("8 / 8") || browser.page.contains("100 %"))
            let csv = try await browser.get("/teach/courses/\(courseID)/grades.csv").expect(.ok)
            let apiCSV = try await server.send(
                .get, APIPaths.facultyGrades + "?courseId=\(courseID)", token: faculty.token, headers: [.accept: "text/csv"])
            #expect(csv.text == apiCSV.text && csv.headers[.contentDisposition]?.hasPrefix("attachment") == true)

            try await browser.get("/teach/exams/\(exam.id)/statistics").expect(.ok)
            #expect(browser.page.contains("<img src=\"/teach/exams/\(exam.id)/statistics/histogram.svg\" alt=\"Histogram of 1 scores"))
            #expect(browser.page.contains("<caption>Item analysis"))
            let svg = try await browser.get("/teach/exams/\(exam.id)/statistics/histogram.svg").expect(.ok)
            #expect(svg.headers[.contentType]?.hasPrefix("image/svg+xml") == true && svg.text.contains("<svg"))
            try await browser.get("/teach/exams/\(exam.id)/statistics.csv?attempts=all").expect(.ok)
            try await browser.get("/teach/exams/\(exam.id)/statistics?attempts=most").expect(.badRequest)
        }
    }

    @Test("another teacher gets 404 on the live, attempt and results pages and forms, a student 403; queries and fields fuzzed")
    func othersAreKeptOut() async throws {
        try await TestServer.run { server in
            var (owner, _, exam, courseID, submitted, running) = try await Self.examHour(server)
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("student"))
            let pages = [
                "/teach/exams/\(exam.id)/live", "/teach/exams/\(exam.id)/live/rows", "/teach/attempts/\(running)",
                "/teach/attempts/\(submitted)", "/teach/courses/\(courseID)/grades", "/teach/courses/\(courseID)/grades.csv",
                "/teach/exams/\(exam.id)/statistics", "/teach/exams/\(exam.id)/statistics.csv",
                "/teach/exams/\(exam.id)/statistics/histogram.svg",
            ]
            for page in pages {
                try await other.get(page).expect(.notFound)
                try await student.get(page).expect(.forbidden)
            }
            for form in ["/teach/exams/\(exam.id)/extend", "/teach/attempts/\(running)/extend"] {
                try await other.post(form, [("minutes", "5")]).expect(.notFound)
                try await student.post(form, [("minutes", "5")]).expect(.forbidden)
            }
            for input in PageFormFuzzTests.inputs {
                let encoded = input.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "x"
                for query in ["after", "sort", "order", "exam", "attempts"] {
                    for page in ["/teach/exams/\(exam.id)/live", "/teach/courses/\(courseID)/grades", "/teach/exams/\(exam.id)/statistics"]
                    {
                        TeachCoursePagesTests.expectAnswered(try await owner.get("\(page)?\(query)=\(encoded)"), "\(page) ?\(query)")
                    }
                }
                try await owner.get("/teach/attempts/\(running)")
                PageFormFuzzTests.expectNoServerError(
                    try await owner.post("/teach/attempts/\(running)/extend", [("minutes", input)]), "minutes")
            }
        }
    }
}
