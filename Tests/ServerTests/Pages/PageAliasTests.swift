import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 35 in the browser: the pages show and take the aliases of the attempt, exactly as the
/// JSON API does (an author's ids never reach a student's page, nor are they taken from one),
/// and right after submitting, the review shows the score only unless the exam says more.
@Suite("Pages: aliases and the review's default", .hangGuard)
struct PageAliasTests {
    /// The author's ids of `AttemptPageTests.exam()`: none of them may appear as a value or a name.
    static let authorIDs = ["a", "b", "c", "dog", "cat", "woof", "meow", "moo"]

    static func attributes(of page: String) -> Set<String> {
        let pattern = #/(?:value|name)="([^"]*)"/#
        return Set(page.matches(of: pattern).map { String($0.1) })
    }

    @Test("the attempt page names choices, items and options by the attempt's aliases, takes them, and refuses the author's ids")
    func attemptPagesUseAliases() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Aliases", token: faculty.token)
            let exam = try await server.publishedExam(AttemptPageTests.exam(), courseID: try #require(course.id), token: faculty.token)
            var browser = TestBrowser(server)
            let email = uniqueEmail("pupil")
            try await browser.registerStudent(email)
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)
            let attemptPath = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
            let student = try await server.login(email)
            let attemptID = try #require(Int(attemptPath.split(separator: "/").last ?? ""))
            let shown = try await server.get(APIPaths.attempt(attemptID), token: student.token).decode(StudentAttempt.self)

            // Question 1: its choices under the API's aliases, and no author's id anywhere.
            try await browser.get(attemptPath + "?q=1").expect(.ok)
            let single = try #require(shown.questions.first)
            let aliases = (single.choices ?? []).map(\.id)
            #expect(aliases.count == 2 && aliases.allSatisfy { $0.count == 10 })
            #expect(aliases.allSatisfy { Self.attributes(of: browser.page).contains($0) })
            #expect(Self.attributes(of: browser.page).isDisjoint(with: Self.authorIDs))
            // The right choice by the author's id: refused with the page, nothing saved.
            let question = try #require(TestBrowser.value(of: "question", in: browser.page))
            let blind = try await browser.post(attemptPath, [("question", question), ("choice", "b"), ("go", "next")])
            #expect(blind.status == .badRequest, "\(blind.status)")
            #expect(blind.headers[.contentType]?.hasPrefix("text/html") == true)
            let untouched = try await server.get(APIPaths.attempt(attemptID), token: student.token).decode(StudentAttempt.self)
            #expect(untouched.answers.isEmpty)
            // By its alias: saved, and shown back checked.
            let four = ExamFixtures.choiceIDs(single, ["4"])
            try await browser.post(attemptPath, [("question", question), ("choice", four[0]), ("go", "stay")]).expect(.seeOther)
            let saved = try await server.get(APIPaths.attempt(attemptID), token: student.token).decode(StudentAttempt.self)
            #expect(saved.answers.first?.choiceIds == four)
            try await browser.get(attemptPath + "?q=1")
            #expect(browser.page.contains("value=\"\(four[0])\" checked>"))

            // Matching (question 6): items and options by alias too.
            try await browser.get(attemptPath + "?q=6").expect(.ok)
            let matching = try #require(shown.questions.last)
            #expect(Self.attributes(of: browser.page).isDisjoint(with: Self.authorIDs))
            for item in matching.items ?? [] { #expect(browser.page.contains("name=\"match-\(item.id)\"")) }
            for option in matching.options ?? [] { #expect(browser.page.contains("<option value=\"\(option.id)\"")) }
            let matchQuestion = try #require(TestBrowser.value(of: "question", in: browser.page))
            let byAuthor = try await browser.post(
                attemptPath, [("question", matchQuestion), ("match-dog", "woof"), ("match-cat", "meow"), ("go", "stay")])
            // Fields that name no item of the question are not an answer: nothing is saved.
            #expect(byAuthor.status.code < 500)
            let dog = try #require(AttemptPageTests.matchField("Dog", in: browser.page))
            let blindOption = try await browser.post(attemptPath, [("question", matchQuestion), (dog, "woof"), ("go", "stay")])
            #expect(blindOption.status == .badRequest, "\(blindOption.status)")
            let afterMatching = try await server.get(APIPaths.attempt(attemptID), token: student.token).decode(StudentAttempt.self)
            #expect(afterMatching.answers.map(\.questionId) == [single.id])
        }
    }

    @Test("right after submitting, the review page shows the score only by default, and the rest when the exam shows it")
    func reviewFollowsTheReviewOptions() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("teacher"), role: .faculty)
            let course = try await server.createCourse("Reviews", token: faculty.token)
            let courseID = try #require(course.id)
            var everything = AttemptPageTests.exam()
            everything.title = "Shown in full"
            everything.policy = ExamPolicy(review: ReviewOptions(afterSubmit: ReviewItem.allCases))
            let byDefault = try await server.publishedExam(AttemptPageTests.exam(), courseID: courseID, token: faculty.token)
            let inFull = try await server.publishedExam(everything, courseID: courseID, token: faculty.token)
            var browser = TestBrowser(server)
            try await browser.registerStudent(uniqueEmail("pupil"))
            try await browser.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther)

            for exam in [byDefault, inFull] {
                let path = try #require(try await browser.post("/exams/\(exam.id)/attempts", []).expect(.seeOther).headers[.location])
                try await browser.get(path + "?q=1")
                let question = try #require(TestBrowser.value(of: "question", in: browser.page))
                let four = try #require(AttemptPageTests.choice("4", in: browser.page))
                try await browser.post(path, [("question", question), ("choice", four), ("go", "finish")]).expect(.seeOther)
                try await browser.follow(try await browser.post(path + "/submit", []).expect(.seeOther)).expect(.ok)
                #expect(browser.page.contains("Score: <strong>1 of 8 points (13 %)</strong>"))
                if exam.id == byDefault.id {
                    #expect(!browser.page.contains("Your answer") && !browser.page.contains("Right answer"))
                    #expect(browser.page.contains("not shown now; your teacher decides when they are"))
                } else {
                    // The answers in words, never the aliases they were sent as.
                    #expect(browser.page.contains("<dt>Your answer</dt><dd>4</dd>"))
                    #expect(browser.page.contains("<dt>Right answer</dt><dd>4</dd>"))
                    #expect(browser.page.contains("<dd>Dog → Woof; Cat → Meow</dd>"))
                    #expect(!browser.page.contains(four))
                }
            }
        }
    }
}
