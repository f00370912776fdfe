import ExamPrepShared
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The start page and the course's list of exams say what the exam rules decide
/// (`ExamPrepExams`), in the rules' own words, with times in the course's time zone.
@Suite("Exam start pages", .timeLimit(.minutes(4)))
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
