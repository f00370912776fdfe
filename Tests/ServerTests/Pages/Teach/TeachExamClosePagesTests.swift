import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Closing an exam on /teach asks first (issue 67, item 8): **Close the exam** leads to a page
/// saying how many enrolled students have not sat it and how many attempts are running, in
/// English and Polish; its POST closes; a closed exam is reopened from its page. Another
/// teacher gets 404, a student 403.
@Suite("Teach pages: closing and reopening an exam", .hangGuard)
struct TeachExamClosePagesTests {
    @Test("the question before closing counts who has not sat it and the running attempts, in English and Polish; close; reopen")
    func askThenCloseThenReopen() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            let course = try await server.createCourse("Algebra", token: faculty.token)
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            var students: [LoginResponse] = []
            for _ in 0..<3 {
                let student = try await server.signUp(uniqueEmail("student"), role: .student)
                try await server.enroll(course, token: student.token)
                students.append(student)
            }
            try await server.startAttempt(exam.id, token: students[0].token).expect(.created)
            let examPath = "/teach/exams/\(exam.id)"

            // The exam's page leads to the question; nothing closes on the way.
            try await browser.get(examPath).expect(.ok)
            #expect(browser.page.contains("href=\"\(examPath)/close\"") && !browser.page.contains("action=\"\(examPath)/close\""))
            try await browser.get("\(examPath)/close").expect(.ok)
            #expect(browser.page.contains("2 students have not sat it yet.") && browser.page.contains("1 attempt is running."))
            #expect(browser.page.contains("Closing ends every running attempt at once"))
            #expect(browser.page.contains("action=\"\(examPath)/close\"") && browser.page.contains("name=\"csrf\""))
            #expect(browser.page.contains("<a class=\"button\" href=\"\(examPath)\">Cancel</a>"))
            #expect(try await server.get(APIPaths.facultyExam(exam.id), token: faculty.token).decode(Exam.self).status == .published)

            // In Polish, with a count of the "many" form too.
            for _ in 0..<3 {
                let student = try await server.signUp(uniqueEmail("student"), role: .student)
                try await server.enroll(course, token: student.token)
            }
            try await browser.post("/language", [("language", "pl"), ("back", examPath)]).expect(.seeOther)
            try await browser.get("\(examPath)/close").expect(.ok)
            #expect(browser.page.contains("5 uczniów jeszcze go nie pisało.") && browser.page.contains("Trwa 1 podejście."))
            #expect(browser.page.contains("Zamknięcie od razu kończy każde trwające podejście") && browser.page.contains(">Anuluj</a>"))
            try await browser.post("/language", [("language", "en"), ("back", examPath)]).expect(.seeOther)

            // The POST closes; the closed exam offers reopening, and its question is gone.
            try await browser.follow(try await browser.post("\(examPath)/close", []).expect(.seeOther))
            #expect(browser.page.contains("The exam is closed") && browser.page.contains("action=\"\(examPath)/reopen\""))
            try await browser.get("\(examPath)/close").expect(.seeOther)
            try await browser.follow(try await browser.post("\(examPath)/reopen", []).expect(.seeOther))
            #expect(browser.page.contains("The exam is open again.") && browser.page.contains("href=\"\(examPath)/close\""))
            #expect(try await server.get(APIPaths.facultyExam(exam.id), token: faculty.token).decode(Exam.self).status == .published)
            try await browser.get("\(examPath)/close").expect(.ok)
            // The close submitted the running attempt: none runs now.
            #expect(browser.page.contains("5 students have not sat it yet.") && browser.page.contains("0 attempts are running."))
        }
    }

    @Test("another teacher gets 404 and a student 403 for the question and for reopening")
    func othersAndStudents() async throws {
        try await TestServer.run { server in
            let (_, faculty) = try await TeachCoursePagesTests.teacher(server)
            let course = try await server.createCourse("Algebra", token: faculty.token)
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            try await other.get("/teach/exams/\(exam.id)/close").expect(.notFound)
            try await server.send(.post, APIPaths.closeExam(exam.id), token: faculty.token).expect(.ok)
            try await other.post("/teach/exams/\(exam.id)/reopen", []).expect(.notFound)
            let email = uniqueEmail("student")
            _ = try await server.signUp(email, role: .student)
            var (student, _) = try await AccountPagesTests.signedIn(server, email, password: "correct horse battery")
            try await student.get("/teach/exams/\(exam.id)/close").expect(.forbidden)
            try await student.post("/teach/exams/\(exam.id)/reopen", []).expect(.forbidden)
            #expect(try await server.get(APIPaths.facultyExam(exam.id), token: faculty.token).decode(Exam.self).status == .closed)
        }
    }
}
