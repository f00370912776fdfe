import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Item 5 of "Robustness, round four": an exam of eight fixed questions (three of them from
/// topic Fizyka/Dynamika) and a slot "2 from Dynamika" gave students the same question twice
/// (one wrote the same essay twice, graded twice), and statistics listed it twice. A slot
/// never draws one of the exam's own questions nor one another slot of the attempt drew; the
/// exam says when a slot has fewer questions left than it asks for, and a start with too few
/// left gives what there is, as before, never a 500.
@Suite("Abuse: a slot drawing what the exam already holds", .hangGuard)
struct SlotDrawsTwiceTests {
    static func question(_ prompt: String, topic: String?) -> QuestionDraft {
        QuestionDraft(kind: .trueFalse, prompt: prompt, points: 1, answer: .bool(true), topic: topic)
    }

    static let dynamics = ["D1", "D2", "D3", "D4"].map { question("Dynamika \($0)", topic: "Fizyka/Dynamika") }
    static let kinematics = ["K1", "K2"].map { question("Kinematyka \($0)", topic: "Fizyka/Kinematyka") }
    /// The exam's own: three copies of Dynamika's questions, and five of its own.
    static let fixed = dynamics.prefix(3).map { question($0.prompt, topic: $0.topic) } + (1...5).map { question("Own \($0)", topic: nil) }

    static func bank(_ server: TestServer, courseID: Int, token: String) async throws -> [Question] {
        var created: [Question] = []
        for question in dynamics + kinematics {
            created.append(
                try await server.post(APIPaths.courseQuestions(courseID), json: question, token: token).expect(.created)
                    .decode(Question.self))
        }
        return created
    }

    @Test func slotsNeverDrawTheExamsOwnQuestionsNorEachOthers() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            _ = try await Self.bank(server, courseID: courseID, token: faculty.token)
            let draft = ExamDraft(
                title: "Fizyka", questions: Self.fixed,
                draws: [
                    ExamDrawSlot(position: 8, fromBank: BankDraw(topic: "Fizyka/Dynamika", count: 1)),
                    ExamDrawSlot(position: 9, fromBank: BankDraw(topic: "Fizyka", count: 2)),
                ])
            let exam = try await server.publishedExam(draft, courseID: courseID, token: faculty.token)
            #expect(exam.draws?.map(\.available) == [1, 3], "Dynamika has D4 left; Fizyka D4, K1 and K2")
            for _ in 0..<4 {
                let student = try await server.signUp(uniqueEmail("student"), role: .student)
                try await server.enroll(course, token: student.token)
                let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
                let prompts = attempt.questions.map(\.prompt)
                #expect(prompts.count == 11 && Set(prompts).count == 11, "\(prompts)")
                #expect(Set(prompts.suffix(3)) == ["Dynamika D4", "Kinematyka K1", "Kinematyka K2"], "\(prompts)")
            }
        }
    }

    @Test func aSlotWithTooFewLeftIsSaidAndAStartGivesWhatThereIs() async throws {
        try await TestServer.run { server in
            var (browser, faculty) = try await TeachCoursePagesTests.teacher(server)
            _ = try await TeachCoursePagesTests.createCourse(&browser, name: "Fizyka")
            let course = try #require(try await server.get(APIPaths.facultyCourses, token: faculty.token).decode([Course].self).first)
            let courseID = try #require(course.id)
            let bank = try await Self.bank(server, courseID: courseID, token: faculty.token)
            // "2 from Dynamika" next to three of its four: one is left.
            let short = try await server.createExam(
                ExamDraft(
                    title: "Short", questions: Self.fixed,
                    draws: [ExamDrawSlot(position: 8, fromBank: BankDraw(topic: "Fizyka/Dynamika", count: 2))]),
                courseID: courseID, token: faculty.token)
            #expect(short.draws?.first?.available == 1)
            let refused = try await server.send(.post, APIPaths.publishExam(short.id), token: faculty.token)
            #expect(refused.status == .conflict && refused.text.contains("the bank has 1 it may take"), "\(refused.text)")
            try await browser.get("/teach/exams/\(short.id)/edit").expect(.ok)
            #expect(browser.page.contains("asks for 2 questions of topic Fizyka/Dynamika; the bank has 1 it may take"))

            // Published with enough, then the bank shrinks: a start gives what is left, once each.
            let exam = try await server.publishedExam(
                ExamDraft(
                    title: "Shrinking", questions: Self.fixed,
                    draws: [ExamDrawSlot(position: 8, fromBank: BankDraw(topic: "Fizyka/Dynamika", count: 1))]),
                courseID: courseID, token: faculty.token)
            let last = try #require(bank.first { $0.prompt == "Dynamika D4" })
            try await server.send(.delete, APIPaths.facultyQuestion(last.id), token: faculty.token).expect(.ok)
            try await browser.get("/teach/exams/\(exam.id)").expect(.ok)
            #expect(browser.page.contains("the bank has 0 it may take"))
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: student.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            #expect(attempt.questions.map(\.prompt) == Self.fixed.map(\.prompt))
        }
    }
}
