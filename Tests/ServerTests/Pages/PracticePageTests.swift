import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Practice in the browser: the session's aliases, an answer checked once however often its
/// page is reloaded or its form sent again (POST, redirect, GET), and the API's limits per
/// account.
@Suite("Practice pages", .hangGuard)
struct PracticePageTests {
    static let sum = QuestionDraft(
        kind: .singleChoice, prompt: "2 + 2?", points: 1, choices: [Choice(id: "a", text: "4"), Choice(id: "b", text: "5")],
        answer: .text("a"), practice: true)
    static let truth = QuestionDraft(kind: .trueFalse, prompt: "1 + 1 = 2", points: 1, answer: .bool(true), practice: true)

    /// A course with the two practice questions, and a student signed in to it in a browser.
    static func classroom(_ server: TestServer) async throws -> (browser: TestBrowser, courseID: Int, student: LoginResponse) {
        let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
        let course = try await server.createCourse("Sums", token: faculty.token)
        let courseID = try #require(course.id)
        for question in [sum, truth] {
            try await server.post(APIPaths.courseQuestions(courseID), json: question, token: faculty.token).expect(.created)
        }
        var browser = TestBrowser(server)
        let email = uniqueEmail("pupil")
        try await browser.registerStudent(email)
        try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
        return (browser, courseID, try await server.login(email))
    }

    @Test("the page shows the session's aliases; an answer is checked once, however often its page is reloaded or its form sent")
    func answersAreCheckedOnceAndShownAgain() async throws {
        try await TestServer.run { server in
            let classroom = try await Self.classroom(server)
            var browser = classroom.browser
            let (courseID, student) = (classroom.courseID, classroom.student)
            try await browser.get("/practice").expect(.ok)
            let started = try await browser.post("/practice", [("courseId", String(courseID)), ("mode", "all")]).expect(.seeOther)
            let first = try #require(started.headers[.location])
            let path = String(first.prefix { $0 != "?" })
            let number = try await Self.open(&browser, path: path, prompt: "2 + 2?")
            #expect(PageAliasTests.attributes(of: browser.page).isDisjoint(with: ["a", "b"]))
            let five = try #require(AttemptPageTests.choice("5", in: browser.page))
            let four = try #require(AttemptPageTests.choice("4", in: browser.page))
            #expect(five.count == 10 && four.count == 10)
            let question = try #require(TestBrowser.value(of: "question", in: browser.page))

            // The author's id is no answer: the page says so, nothing is recorded.
            let blind = try await browser.post(path, [("question", question), ("choice", "a")])
            #expect(blind.status == .badRequest && blind.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(try await Self.mistakes(server, student).isEmpty)

            // A wrong answer by its alias: 303 to the question's page, which says how it went.
            try await browser.get("\(path)?q=\(number)")
            let form = [("question", question), ("choice", five)]
            let answered = try await browser.post(path, form).expect(.seeOther)
            #expect(answered.headers[.location] == "\(path)?q=\(number)")
            for _ in 1...2 {
                // The redirect's page, then a reload of it: the same feedback, no form.
                try await browser.follow(answered).expect(.ok)
                #expect(browser.page.contains("Not right.") && browser.page.contains("Right answer: <strong>4</strong>"))
                // The question and the student's own answer in words, beside the right one.
                #expect(browser.page.contains("<p class=\"prompt\">2 + 2?</p>"))
                #expect(browser.page.contains("Your answer: <strong>5</strong>"))
                #expect(browser.page.contains("It comes back for review on "))
                #expect(!browser.page.contains("Check answer"))
            }
            // The form sent again (the back button, a double click), or changed: answered already,
            // nothing is checked or counted twice.
            try await browser.post(path, form).expect(.seeOther)
            try await browser.post(path, [("question", question), ("choice", four)]).expect(.seeOther)
            try await browser.get("\(path)?q=\(number)")
            #expect(browser.page.contains("Not right."))
            let mistakes = try await Self.mistakes(server, student)
            #expect(mistakes.count == 1 && mistakes.first?.wrongCount == 1)
        }
    }

    @Test("practice sessions and answers from the pages count toward the API's limits per account: a 429 page that says which")
    func theLimitsHoldOnThePages() async throws {
        // Two of each (the defaults are 120 sessions and 1,500 answers an hour): the thing under test.
        try await TestServer.run(configure: {
            $0.limits.practiceSessionsPerStudent = RateLimit(maxAttempts: 2, windowSeconds: 3600)
            $0.limits.practiceAnswersPerStudent = RateLimit(maxAttempts: 2, windowSeconds: 3600)
        }) { server in
            let classroom = try await Self.classroom(server)
            var browser = classroom.browser
            let courseID = classroom.courseID
            try await browser.get("/practice")
            let start = [("courseId", String(courseID)), ("mode", "all")]
            let session = try #require(try await browser.post("/practice", start).expect(.seeOther).headers[.location])
            let path = String(session.prefix { $0 != "?" })
            for prompt in ["2 + 2?", "1 + 1 = 2"] {
                _ = try await Self.open(&browser, path: path, prompt: prompt)
                try await browser.post(path, try Self.rightAnswer(in: browser.page)).expect(.seeOther)
            }
            let second = try #require(try await browser.post("/practice", start).expect(.seeOther).headers[.location])
            try await browser.get(second).expect(.ok)
            let refused = try await browser.post(String(second.prefix { $0 != "?" }), try Self.rightAnswer(in: browser.page))
            Self.expectLimitPage(refused, naming: "practice answers")
            try await browser.get("/practice")
            Self.expectLimitPage(try await browser.post("/practice", start), naming: "practice sessions")
        }
    }

    static func expectLimitPage(_ reply: TestReply, naming words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == .tooManyRequests, sourceLocation: sourceLocation)
        #expect(Int(reply.headers[.retryAfter] ?? "") ?? 0 > 0, sourceLocation: sourceLocation)
        #expect(reply.headers[.contentType]?.hasPrefix("text/html") == true, sourceLocation: sourceLocation)
        #expect(reply.text.contains(words), "\(reply.text)", sourceLocation: sourceLocation)
    }

    /// Opens the session's page whose question reads `prompt`; returns its number.
    static func open(_ browser: inout TestBrowser, path: String, prompt: String) async throws -> Int {
        for number in 1...2 {
            try await browser.get("\(path)?q=\(number)").expect(.ok)
            if browser.page.contains(prompt) { return number }
        }
        Issue.record("no question reads \(prompt)")
        return 1
    }

    /// The fields of the right answer to the page's question (4, or true).
    static func rightAnswer(in page: String) throws -> [(String, String)] {
        let question = try #require(TestBrowser.value(of: "question", in: page))
        if let four = AttemptPageTests.choice("4", in: page) { return [("question", question), ("choice", four)] }
        return [("question", question), ("value", "true")]
    }

    static func mistakes(_ server: TestServer, _ student: LoginResponse) async throws -> [Mistake] {
        try await server.get(APIPaths.mistakes, token: student.token).expect(.ok).decode([Mistake].self)
    }
}
