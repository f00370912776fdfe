import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Item 9 of "Robustness, round four": imported questions kept their file's order and choices
/// were not shuffled unless the author said so, and "the first choice, and item k with option
/// k" scored full marks in 3 of 3 attempts without reading. An exam now shuffles choices and a
/// matching question's options by default, per attempt, and practice does as well; an attempt
/// already started keeps its order when its exam's policy changes.
///
/// A question of eight choices (and one of eight options) keeps its author's order in a
/// shuffled attempt once in 40,320: each test below would fail that seldom by chance.
@Suite("Shuffled choices by default", .hangGuard)
struct ShuffleDefaultTests {
    static let letters = ["a", "b", "c", "d", "e", "f", "g", "h"]

    /// Eight choices, the first right, as an import in file order writes them.
    static let choice = QuestionDraft(
        kind: .singleChoice, prompt: "Which comes first?", points: 1,
        choices: letters.map { Choice(id: $0, text: "Choice \($0)") }, answer: .text("a"))

    /// Eight items, item k matched with option k.
    static let matching = QuestionDraft(
        kind: .matching, prompt: "Match each with its own.", points: 1, items: letters.map { Choice(id: $0, text: "Item \($0)") },
        options: letters.map { Choice(id: $0, text: "Option \($0)") },
        answer: .matches(Dictionary(uniqueKeysWithValues: letters.map { ($0, $0) })))

    /// The texts a question shows, in the order it shows them: its choices, or its options.
    static func order(_ question: StudentQuestion) -> [String] {
        (question.choices ?? question.options ?? []).map(\.text)
    }

    static func authors(_ question: QuestionDraft) -> [String] {
        (question.choices ?? question.options ?? []).map(\.text)
    }

    @Test func anExamWithoutAPolicyShufflesChoicesAndOptionsInEachAttempt() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let draft = ExamDraft(title: "Defaults", questions: [Self.choice, Self.matching])
            let exam = try await server.publishedExam(draft, courseID: try #require(course.id), token: faculty.token)
            #expect(exam.policy.shuffleChoices && !exam.policy.shuffleQuestions)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            try #require(attempt.questions.count == 2)
            #expect(Self.order(attempt.questions[0]) != Self.authors(Self.choice), "the choices in the author's order")
            #expect(Self.order(attempt.questions[1]) != Self.authors(Self.matching), "the options in the author's order")
            #expect(attempt.questions[1].items?.map(\.text) == Self.matching.items?.map(\.text), "items keep their order, as in Moodle")
            // Resuming shows the same order.
            let again = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(again.questions.map(Self.order) == attempt.questions.map(Self.order))
        }
    }

    @Test func theNewExamFormHasShufflingTicked() async throws {
        try await TestServer.run { server in
            var (browser, _) = try await TeachCoursePagesTests.teacher(server)
            let course = try await TeachCoursePagesTests.createCourse(&browser, name: "Form defaults")
            try await browser.get(course + "/exams/new").expect(.ok)
            #expect(browser.page.contains("name=\"shuffleChoices\" type=\"checkbox\" value=\"true\" checked>"))
        }
    }

    @Test func practiceShowsChoicesAndOptionsInAnOrderOfItsOwn() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            for var question in [Self.choice, Self.matching] {
                question.practice = true
                try await server.post(APIPaths.courseQuestions(courseID), json: question, token: faculty.token).expect(.created)
            }
            let session = try await server.post(APIPaths.coursePractice(courseID), json: PracticeRequest(), token: student.token)
                .expect(.created).decode(PracticeSession.self)
            try #require(session.questions.count == 2)
            for question in session.questions {
                let authors = question.kind == .matching ? Self.authors(Self.matching) : Self.authors(Self.choice)
                #expect(Self.order(question) != authors, "\(question.kind) in the author's order")
            }
        }
    }

    @Test func anAttemptStartedBeforeItsExamShufflesKeepsItsOrder() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let draft = ExamDraft(
                title: "Unshuffled", policy: ExamPolicy(shuffleChoices: false), questions: [Self.choice, Self.matching])
            let exam = try await server.publishedExam(draft, courseID: try #require(course.id), token: faculty.token)
            let started = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            #expect(started.questions.map(Self.order) == [Self.authors(Self.choice), Self.authors(Self.matching)])
            // What migration 036 does to an exam that can still be started.
            _ = try await pool.execute("UPDATE exams SET shuffle_choices = true WHERE id = \(exam.id)", logger: BankEditRaceTests.logger)
            let resumed = try await server.get(APIPaths.attempt(started.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(resumed.questions.map(Self.order) == started.questions.map(Self.order), "the running attempt was reordered")
            // An attempt that starts now shuffles.
            let other = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: other.token)
            let later = try await server.startAttempt(exam.id, token: other.token).expect(.created).decode(StudentAttempt.self)
            #expect(later.questions.map(Self.order) != started.questions.map(Self.order))
        }
    }
}
