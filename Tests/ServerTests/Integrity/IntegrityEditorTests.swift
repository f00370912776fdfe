import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 71 in the exam editor on /teach: the focus log's checkbox and the Safe Exam Browser keys'
/// text area write the policy as the API does (keys checked alike), and no text there makes a 5xx.
@Suite("Integrity in the exam editor", .hangGuard)
struct IntegrityEditorTests {
    @Test func theEditorSetsTheFocusLogAndTheKeys() async throws {
        try await TestServer.run { server in
            var (browser, login) = try await TeachCoursePagesTests.teacher(server)
            let coursePath = try await TeachCoursePagesTests.createCourse(&browser, name: "Locked exams")
            let courseID = try #require(Int(coursePath.split(separator: "/").last ?? ""))
            let key = String(repeating: "d4", count: 32)
            try await browser.get("/teach/courses/\(courseID)/exams/new").expect(.ok)
            #expect(browser.page.contains("name=\"focusLog\" type=\"checkbox\" value=\"true\" checked>"), "on by default")
            let question = try await server.post(
                APIPaths.courseQuestions(courseID),
                json: QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 1, answer: .bool(true)),
                token: login.token
            ).expect(.created).decode(Question.self)
            let fields = TeachExamPagesTests.examFields(title: "Locked", fixed: [question.id], slotTopic: "", slotCount: "")
            // A key that is not one: the form again, with the keys as typed.
            try await browser.post("/teach/courses/\(courseID)/exams", fields + [("sebKeys", "not a key")]).expect(.badRequest)
            #expect(browser.page.contains("64 hexadecimal characters") && browser.page.contains(">not a key</textarea>"))
            let created = try await browser.post(
                "/teach/courses/\(courseID)/exams", fields + [("sebKeys", key.uppercased() + "\r\n\r\n" + key)]
            ).expect(.seeOther)
            let location = try #require(created.headers[.location])
            let examID = try #require(Int(location.split(separator: "?")[0].split(separator: "/").last ?? ""))
            let exam = try await server.get(APIPaths.facultyExam(examID), token: login.token).decode(Exam.self)
            #expect(exam.policy.safeExamBrowser?.configKeys == [key] && !exam.policy.focusLog)
            try await browser.get("/teach/exams/\(examID)/edit").expect(.ok)
            #expect(
                browser.page.contains(">\(key)</textarea>") && browser.page.contains("name=\"focusLog\" type=\"checkbox\" value=\"true\">"))
            // Emptied, the exam opens in any browser again.
            try await browser.post("/teach/exams/\(examID)/edit", fields + [("sebKeys", " \n"), ("focusLog", "true")]).expect(.seeOther)
            let edited = try await server.get(APIPaths.facultyExam(examID), token: login.token).decode(Exam.self)
            #expect(edited.policy.safeExamBrowser == nil && edited.policy.focusLog)
            for input in PageFormFuzzTests.inputs {
                PageFormFuzzTests.expectNoServerError(
                    try await browser.post("/teach/exams/\(examID)/edit", fields + [("sebKeys", input), ("focusLog", input)]), "sebKeys")
            }
        }
    }
}
