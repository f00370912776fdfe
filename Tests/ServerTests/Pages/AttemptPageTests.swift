import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A whole exam in the browser without JavaScript: forms that post and redirect.
@Suite("Attempt pages", .hangGuard)
struct AttemptPageTests {
    static let script = "<script>alert(1)</script>"
    static let breakout = "\"><img src=x onerror=alert(1)>"

    /// Every kind the server grades, with text that would run if it were not escaped.
    static func exam() -> ExamDraft {
        ExamDraft(
            title: "Algebra \(script)", instructions: "Read \(breakout)", timeLimitMinutes: 60,
            questions: [
                QuestionDraft(
                    kind: .singleChoice, prompt: "2 + 2 = ? \(script)", points: 1,
                    choices: [Choice(id: "a", text: "3 \(breakout)"), Choice(id: "b", text: "4")], answer: .text("b")),
                QuestionDraft(
                    kind: .multipleChoice, prompt: "Which are prime?", points: 2,
                    choices: [Choice(id: "a", text: "2"), Choice(id: "b", text: "3"), Choice(id: "c", text: "4")],
                    answer: .texts(["a", "b"])),
                QuestionDraft(kind: .trueFalse, prompt: "Water is wet.", points: 1, answer: .bool(true)),
                QuestionDraft(kind: .shortAnswer, prompt: "German for anger?", points: 1, answer: .texts(["Wut"])),
                QuestionDraft(
                    kind: .numerical, prompt: "Pi to two places?", points: 1,
                    answer: .numbers([NumericalAnswer(value: 3.14, tolerance: 0.005)])),
                QuestionDraft(
                    kind: .matching, prompt: "Match the animals.", points: 2,
                    items: [Choice(id: "dog", text: "Dog"), Choice(id: "cat", text: "Cat")],
                    options: [Choice(id: "woof", text: "Woof"), Choice(id: "meow", text: "Meow"), Choice(id: "moo", text: "Moo")],
                    answer: .matches(["dog": "woof", "cat": "meow"])),
            ])
    }

    @Test("register, enroll, start, answer every kind, flag, read the summary, submit: graded in full")
    func wholeExam() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Algebra", token: faculty.token)
            let exam = try await server.publishedExam(Self.exam(), courseID: try #require(course.id), token: faculty.token)

            var browser = TestBrowser(server)
            let email = uniqueEmail("pupil")
            try await browser.registerStudent(email)
            #expect(browser.page.contains("Your account is ready"))
            try await browser.follow(try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
            #expect(browser.page.contains("/exams/\(exam.id)"))
            try await browser.get("/exams/\(exam.id)").expect(.ok)
            #expect(browser.page.contains("Time limit: 60 min") && browser.page.contains("Start attempt"))

            let started = try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
            let attemptPath = try #require(started.headers[.location])
            try await browser.get(attemptPath).expect(.ok)
            #expect(browser.page.contains("<title>Question 1 of 6 · Algebra &lt;script&gt;"))
            #expect(!browser.page.contains(Self.script) && !browser.page.contains("<img src=x"))
            #expect(browser.page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(browser.page.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
            #expect(browser.page.contains(">Question 1, not answered</a>"))

            // Answer each page and go on with Next (the last with Finish attempt).
            for number in 1...6 {
                let page = browser.page
                let question = try #require(TestBrowser.value(of: "question", in: page))
                var fields: [(String, String)] = [("question", question), ("key", TestBrowser.value(of: "key", in: page) ?? "")]
                switch number {
                case 1: fields.append(("choice", try #require(Self.choice("4", in: page))))
                case 2:
                    fields += [
                        ("answered", "1"), ("choice", try #require(Self.choice("2", in: page))),
                        ("choice", try #require(Self.choice("3", in: page))),
                    ]
                case 3: fields.append(("value", "true"))
                case 4: fields.append(("text", " wut "))
                case 5: fields.append(("number", "3,14"))
                default:
                    for (item, option) in [("Dog", "Woof"), ("Cat", "Meow")] {
                        fields.append(
                            (try #require(Self.matchField(item, in: page)), try #require(Self.matchOption(option, in: page))))
                    }
                }
                if number == 2 {
                    // Flag it on the way: the page says so with aria-pressed and the panel.
                    try await browser.follow(try await browser.post(attemptPath, fields + [("go", "flag")]).expect(.seeOther))
                    #expect(browser.page.contains("aria-pressed=\"true\"") && browser.page.contains(">Remove flag</button>"))
                    #expect(browser.page.contains(">Question 2, answered, flagged</a>"))
                    fields[1] = ("key", TestBrowser.value(of: "key", in: browser.page) ?? "")
                }
                let go = number == 6 ? "finish" : "next"
                try await browser.follow(try await browser.post(attemptPath, fields + [("go", go)]).expect(.seeOther))
            }
            #expect(browser.page.contains("Summary of your attempt"))
            #expect(browser.page.contains("<strong>6</strong> of 6 answered"))
            #expect(browser.page.contains("<strong>0</strong> not answered · <strong>1</strong> flagged"))
            #expect(browser.page.contains("Submit all and finish") && browser.page.contains("become final"))

            let submitted = try await browser.post(attemptPath + "/submit", []).expect(.seeOther)
            try await browser.follow(submitted).expect(.ok)
            #expect(browser.page.contains("Your attempt is submitted"))

            let student = try await server.login(email)
            let attemptID = try #require(Int(attemptPath.split(separator: "/").last ?? ""))
            let graded = try await server.get(APIPaths.attempt(attemptID), token: student.token).expect(.ok).decode(StudentAttempt.self)
            #expect(graded.submittedAt != nil)
            let grades = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: faculty.token).decode(
                [FacultyAttemptSummary].self)
            #expect(grades.first?.score == 8 && grades.first?.maxScore == 8)
        }
    }

    @Test("a page's form sent twice saves once; sent again with another answer (changed on the way, or after going back), the new one")
    func aFormSentAgainSavesWhatItHoldsNow() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Resent", token: faculty.token)
            let exam = try await server.publishedExam(Self.exam(), courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            let email = uniqueEmail("pupil")
            try await browser.registerStudent(email)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attemptPath = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            try await browser.get(attemptPath + "?q=1")
            let page = browser.page
            let question = try #require(TestBrowser.value(of: "question", in: page))
            let key = try #require(TestBrowser.value(of: "key", in: page))
            let four = try #require(Self.choice("4", in: page))
            let three = try #require(
                page.matches(of: #/name="choice" id="[^"]*" value="([^"]*)"/#).map { String($0.1) }.first { $0 != four })
            let student = try await server.login(email)
            let attemptID = try #require(Int(attemptPath.split(separator: "/").last ?? ""))
            func saved() async throws -> [String]? {
                try await server.get(APIPaths.attempt(attemptID), token: student.token).decode(StudentAttempt.self).answers.first?.choiceIds
            }
            for choice in [three, three, four] {
                let fields = [("question", question), ("key", key), ("choice", choice), ("go", "next")]
                #expect(try await browser.post(attemptPath, fields).expect(.seeOther).headers[.location] == attemptPath + "?q=2")
                #expect(try await saved() == [choice])
            }
            let log = try await server.get(APIPaths.attemptEvents(attemptID), token: faculty.token).decode([AttemptEvent].self)
            // Saves within a minute are one line of the log, which counts them: the same form twice is one save.
            let saves = log.filter { $0.kind == .saved }
            #expect(saves.count == 1 && saves.first?.detail?.hasPrefix("2 saves within a minute") == true, "\(saves)")
        }
    }

    @Test("form fields take quotes with combining marks, 10 kB strings and control characters: a 4xx page or a save, never a 500")
    func fuzzedForms() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Fuzz", token: faculty.token)
            let exam = try await server.publishedExam(Self.exam(), courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("fuzz"))
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attemptPath = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).headers[.location])
            for input in PageFormFuzzTests.inputs + ["%"] {
                var anonymous = TestBrowser(server)
                try await anonymous.get("/login")
                for (path, fields) in [
                    ("/login", [("email", input), ("password", input)]), ("/register", [("email", input), ("password", input)]),
                    ("/login", [("email", "a@b.org"), ("password", "x"), ("next", input)]),
                ] {
                    let reply = try await anonymous.post(path, fields)
                    #expect(reply.status.code >= 300 && reply.status.code < 500, "\(path) \(input.debugDescription): \(reply.status)")
                }
                try await browser.get("/courses")
                let enroll = try await browser.post("/courses", [("courseCode", input)])
                #expect(enroll.status.code >= 400 && enroll.status.code < 500)
                try await browser.get(attemptPath + "?q=4")
                let question = try #require(TestBrowser.value(of: "question", in: browser.page))
                for (name, go) in [("text", "next"), ("number", "stay"), ("choice", "next"), ("match-dog", input)] {
                    let reply = try await browser.post(attemptPath, [("question", question), ("key", input), (name, input), ("go", go)])
                    #expect(reply.status.code < 500, "\(name) \(input.debugDescription): \(reply.status)")
                }
                let bogus = try await browser.post(attemptPath, [("question", input), ("text", input)])
                #expect(bogus.status == .badRequest)
            }
            // A raw body that is not form encoding, and one that is too large.
            var raw = browser
            try await raw.get("/courses")
            let token = try #require(raw.csrfToken)
            let broken = try await raw.send(
                .post, "/courses", headers: [.contentType: "application/x-www-form-urlencoded"],
                body: .init(bytes: Array("csrf=\(token)&courseCode=%FF%FE".utf8)))
            #expect(broken.status == .badRequest)
            let huge = try await raw.send(
                .post, "/courses", headers: [.contentType: "application/x-www-form-urlencoded"],
                body: .init(string: "csrf=\(token)&courseCode=" + String(repeating: "A", count: 300_000)))
            #expect(huge.status == .contentTooLarge)
        }
    }

    /// The field name of the matching item whose label is `text` (`match-` and the item's alias).
    static func matchField(_ text: String, in page: String) -> String? {
        let pattern = try? Regex<(Substring, Substring)>(
            #"<label for="[^"]*">"# + NSRegularExpression.escapedPattern(for: text) + #"</label>\s*<select id="[^"]*" name="([^"]*)""#)
        return pattern.flatMap { page.firstMatch(of: $0) }.map { String($0.1) }
    }

    /// The value (the alias) of the matching option whose text is `text`.
    static func matchOption(_ text: String, in page: String) -> String? {
        let pattern = try? Regex<(Substring, Substring)>(
            #"<option value="([^"]*)"(?: selected)?>"# + NSRegularExpression.escapedPattern(for: text) + "</option>")
        return pattern.flatMap { page.firstMatch(of: $0) }.map { String($0.1) }
    }

    /// The value of the choice whose label is `text`.
    static func choice(_ text: String, in page: String) -> String? {
        let pattern = try? Regex<(Substring, Substring)>(
            #"value="([^"]*)"(?: checked)?><label for="[^"]*">"# + NSRegularExpression.escapedPattern(for: text) + "</label>")
        return pattern.flatMap { page.firstMatch(of: $0) }.map { String($0.1) }
    }
}
