import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 67, item 5: on the attempt page a description is not numbered as a question, has no
/// Flag button and never counts as "not answered" (navigation, summary, the API's summary); the
/// script (the countdown) runs on a description's page too. And issue 71 on the pages: the start
/// page says the focus log is kept, the attempt page asks its script to keep it, and an exam in
/// Safe Exam Browser refuses a browser without it with a page (403) in the reader's language.
@Suite("Descriptions and integrity on the attempt page", .hangGuard)
struct DescriptionPageTests {
    static func exam(_ policy: ExamPolicy = ExamPolicy()) -> ExamDraft {
        ExamDraft(
            title: "With a description", timeLimitMinutes: 30, policy: policy,
            questions: [
                QuestionDraft(kind: .description, prompt: "Read the text below first.", points: 0, answer: nil),
                QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 1, answer: .bool(true)),
                QuestionDraft(kind: .shortAnswer, prompt: "German for anger?", points: 1, answer: .texts(["Wut"])),
            ])
    }

    /// A student in a browser, enrolled in `course`, on the exam's start page.
    static func student(_ server: TestServer, course: Course, examID: Int) async throws -> TestBrowser {
        var browser = TestBrowser(server)
        try await browser.registerStudent(uniqueEmail("pupil"))
        try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
        return browser
    }

    @Test func aDescriptionIsNoQuestion() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Reading", token: faculty.token)
            let exam = try await server.publishedExam(Self.exam(), courseID: try #require(course.id), token: faculty.token)
            var browser = try await Self.student(server, course: course, examID: exam.id)
            try await browser.get("/exams/\(exam.id)").expect(.ok)
            #expect(browser.page.contains("the time is recorded for your teacher"), "the start page says the focus log is kept")
            let attemptPath = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            try await browser.get(attemptPath).expect(.ok)
            let description = browser.page
            #expect(description.contains("<title>Information · With a description"))
            #expect(!description.contains("value=\"flag\""), "no Flag button on a description")
            #expect(description.contains(">Information</a>"))
            #expect(description.contains(">Question 1, not answered</a>") && description.contains(">Question 2, not answered</a>"))
            #expect(!description.contains("Question 3"), "two questions, numbered 1 and 2")
            #expect(description.contains("data-deadline=\"20"), "the countdown's deadline is on the description's page")
            #expect(description.contains(" data-focus-log>"))
            try await browser.get(attemptPath + "?q=2").expect(.ok)
            #expect(browser.page.contains("<title>Question 1 of 2 · With a description") && browser.page.contains("value=\"flag\""))
            try await browser.get(attemptPath + "/summary").expect(.ok)
            #expect(browser.page.contains("<strong>0</strong> of 2 answered · <strong>2</strong> not answered"))
            #expect(!browser.page.contains("Question 3"))
            // The API's summary counts the same.
            let app = try await server.signUp(uniqueEmail("app"), role: .student)
            try await server.enroll(course, token: app.token)
            let attempt = try await server.startAttempt(exam.id, token: app.token).expect(.created).decode(StudentAttempt.self)
            let summary = try await server.get(APIPaths.attemptSummary(attempt.attemptId), token: app.token).decode(AttemptSummary.self)
            #expect(summary.unanswered == 2)
        }
    }

    @Test func safeExamBrowserRefusesTheBrowserWithAPage() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Locked", token: faculty.token)
            let key = String(repeating: "c3", count: 32)
            let exam = try await server.publishedExam(
                Self.exam(ExamPolicy(safeExamBrowser: SafeExamBrowserPolicy(configKeys: [key]))), courseID: try #require(course.id),
                token: faculty.token)
            var browser = try await Self.student(server, course: course, examID: exam.id)
            try await browser.get("/exams/\(exam.id)").expect(.forbidden)
            #expect(browser.page.contains("Open the exam from Safe Exam Browser"))
            try await browser.post("/exams/\(exam.id)/attempts", []).expect(.forbidden)
        }
    }
}
