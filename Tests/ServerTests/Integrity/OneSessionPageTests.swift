import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 71 on the pages, without JavaScript: a one-place attempt started from the start form
/// carries its place in its address (`?place=`) from page to page; opening it without that place
/// shows where it is open and **Move it here**; after the move the old place's form gets 409 with
/// the plain sentence, and the attempt's log and the live page show the move.
@Suite("One place per attempt on the pages", .hangGuard)
struct OneSessionPageTests {
    @Test func anotherPlaceMovesTheAttemptAndTheOldFormIsRefused() async throws {
        try await TestServer.run { server in
            let facultyEmail = uniqueEmail("teacher")
            let faculty = try await server.signUp(facultyEmail, role: .faculty)
            let course = try await server.createCourse("Places", token: faculty.token)
            let exam = try await server.publishedExam(
                DescriptionPageTests.exam(ExamPolicy(oneSession: true)), courseID: try #require(course.id), token: faculty.token)
            var browser = try await DescriptionPageTests.student(server, course: course, examID: exam.id)
            let started = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            #expect(started.contains("?place="))
            try await browser.get(started + "&q=2").expect(.ok)
            let place = try #require(started.split(separator: "=").last.map(String.init))
            #expect(browser.page.contains("action=\"/attempts/") && browser.page.contains("?place=\(place)\""))
            #expect(browser.page.contains("?q=3&amp;place=\(place)") || browser.page.contains("?q=3&place=\(place)"))
            let attemptPath = String(started.prefix { $0 != "?" })
            let attemptID = try #require(Int(attemptPath.split(separator: "/").last ?? ""))
            let oldForm = try #require(Self.formAction(browser.page))
            let questionID = try #require(Self.hidden("question", in: browser.page))
            // The same attempt opened without its place: where it is, and Move it here.
            try await browser.get(attemptPath).expect(.ok)
            #expect(browser.page.contains("This attempt is open in another tab or app") && browser.page.contains("Move it here"))
            #expect(!browser.page.contains(place), "another place is never shown the place's token")
            let newPlace = try #require(Self.hidden("place", in: browser.page))
            let moved = try await browser.post(attemptPath + "/place", [("place", newPlace)]).expect(.seeOther)
            #expect(moved.headers[.location] == "\(attemptPath)?place=\(newPlace)")
            // The old place's form: 409, said plainly; the new place's saves.
            try await browser.post(oldForm, [("question", questionID), ("value", "true"), ("go", "next")]).expect(.conflict)
            #expect(browser.page.contains("This attempt was moved to another tab or app"))
            let newForm = "\(attemptPath)?place=\(newPlace)"
            try await browser.post(newForm, [("question", questionID), ("value", "true"), ("go", "next")])
                .expect(.seeOther)
            // A forged place and a flood of moves: 4xx or bounded, never 5xx.
            try await browser.post(attemptPath + "?place=" + String(repeating: "x", count: 300), [("question", questionID)]).expect(
                .conflict)
            try await browser.post(attemptPath + "/place", [("place", "\"é\u{301}")]).expect(.seeOther)
            // The teacher sees the moves: the log and the live page.
            var (teacher, _) = try await AccountPagesTests.signedIn(server, facultyEmail, password: "correct horse battery")
            try await teacher.get("/teach/attempts/\(attemptID)").expect(.ok)
            #expect(teacher.page.contains("moved to another tab or app"))
            try await teacher.get("/teach/exams/\(exam.id)/live").expect(.ok)
            #expect(teacher.page.contains("one place per attempt") && teacher.page.contains("2 times"))
        }
    }

    /// The question form's action.
    static func formAction(_ page: String) -> String? {
        guard let form = page.range(of: "class=\"question-form\"") else { return nil }
        let before = page[..<form.lowerBound]
        guard let action = before.range(of: "action=\"", options: .backwards) else { return nil }
        return String(page[action.upperBound...].prefix { $0 != "\"" })
    }

    /// A hidden field's value.
    static func hidden(_ name: String, in page: String) -> String? {
        guard let field = page.range(of: "name=\"\(name)\" value=\"") else { return nil }
        return String(page[field.upperBound...].prefix { $0 != "\"" })
    }
}
