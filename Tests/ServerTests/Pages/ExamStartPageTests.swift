import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// The start page and the course's list of exams say what the exam rules decide
/// (`ExamPrepExams`), in the rules' own words, with times in the course's time zone.
@Suite("Exam start pages", .hangGuard)
struct ExamStartPageTests {
    @Test("an exam not open yet says when it opens, on the list and the start page, and a start is refused with the same words")
    func notOpenYet() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("History", token: faculty.token)
            let opensAt = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 + 2 * 86_400)
            let draft = ExamDraft(
                title: "Midterm", opensAt: opensAt,
                questions: [QuestionDraft(kind: .trueFalse, prompt: "Yes?", points: 1, answer: .bool(true))])
            let exam = try await server.publishedExam(draft, courseID: try #require(course.id), token: faculty.token)

            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
            let sentence = "Midterm opens at \(PageTime.text(opensAt, timeZone: "UTC"))."
            try await browser.get("/courses/\(try #require(course.id))").expect(.ok)
            #expect(browser.page.contains(sentence), "\(browser.page)")
            try await browser.get("/exams/\(exam.id)").expect(.ok)
            #expect(browser.page.contains(sentence))
            #expect(!browser.page.contains("Start attempt"))
            try await browser.post("/exams/\(exam.id)/attempts", []).expect(.conflict)
            #expect(browser.page.contains(sentence))
        }
    }

    /// Issue 42: when a whole class starts at once, a start whose wait for the database runs out
    /// is 503. In a browser that is no error page: the student is in line, the page's form
    /// (sent again by its script after Retry-After) starts the attempt once there is room, and a
    /// second start returns the same attempt. An app's web view gets the API's envelope.
    @Test("a start the database is too busy for says the student is in line, and its form starts the attempt afterwards")
    func aBusyStartWaitsInLine() async throws {
        var configuration = try await LiveServer.configuration()
        configuration.databaseStatementTimeout = .seconds(1)
        guard case .external(let database) = configuration.database else { return }
        let logger = {
            var logger = Logger(label: "examprep.test.sql")
            logger.logLevel = .warning
            return logger
        }()
        let admin = PostgresPool(configuration: database, maxConnections: 1, logger: logger)
        try await admin.whileRunning { admin in
            try await LiveServer.run(configuration) { client in
                let server = TestServer(client: client)
                let (faculty, _, course) = try await server.classroom("Busy")
                let exam = try await server.publishedExam(courseID: try #require(course.id), token: faculty.token)
                var browser = TestBrowser(server)
                try await browser.registerStudent(uniqueEmail("pupil"))
                try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
                try await browser.get("/exams/\(exam.id)").expect(.ok)
                #expect(browser.page.contains("data-in-line=\"Many students are starting at once.\""), "the start form waits in line")

                // No attempt can be written while the lock is held: every start runs past its deadline.
                try await admin.withTransaction(logger: logger) { connection in
                    try await connection.execute("LOCK TABLE attempts IN SHARE MODE", logger: logger)
                    let busy = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.serviceUnavailable)
                    #expect(Int(busy.headers[.retryAfter] ?? "").map { $0 >= 1 } == true)
                    #expect(browser.page.contains("<h1>You are in line</h1>"), "\(browser.page)")
                    #expect(browser.page.contains("press Start attempt again in"))
                    #expect(browser.page.contains("action=\"/exams/\(exam.id)/attempts\""))
                    #expect(!browser.page.contains("role=\"alert\""), "no error is shown")

                    var app = TestBrowser(server)
                    app.cookies = browser.cookies
                    app.userAgent = "ExamPrep Turbo Native"
                    let envelope = try await app.post(
                        "/exams/\(exam.id)/attempts", [], csrf: TestBrowser.value(of: "csrf", in: browser.page),
                        headers: [.accept: "application/json"]
                    ).expect(.serviceUnavailable)
                    #expect(envelope.error?.error == .unavailable)
                }

                let started = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
                let location = try #require(started.headers[.location])
                #expect(location.hasPrefix("/attempts/"))
                let again = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
                #expect(again.headers[.location] == location, "a second start continues the same attempt")
            }
        }
    }

    @Test("a draft, and an exam of a course the student is not in, are not found: the page does not tell them apart")
    func hiddenExams() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom("Mine")
            let question = QuestionDraft(kind: .trueFalse, prompt: "Yes?", points: 1, answer: .bool(true))
            let draft = try await server.createExam(
                ExamDraft(title: "Draft", questions: [question]), courseID: try #require(course.id), token: faculty.token)
            let other = try await server.createCourse("Theirs", token: faculty.token)
            let elsewhere = try await server.publishedExam(
                ExamDraft(title: "Elsewhere", questions: [question]), courseID: try #require(other.id), token: faculty.token)

            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
            for id in [draft.id, elsewhere.id] {
                try await browser.get("/exams/\(id)").expect(.notFound)
                #expect(browser.page.contains("No exam \(id) is open to you."))
                #expect(!browser.page.contains("Draft") && !browser.page.contains("Elsewhere"))
                try await browser.post("/exams/\(id)/attempts", []).expect(.notFound)
            }
            let attempts = try await server.get(APIPaths.facultyExamAttempts(elsewhere.id), token: faculty.token).expect(.ok)
            #expect(try attempts.decode([FacultyAttemptSummary].self).isEmpty)
        }
    }
}
