import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Names in the essay queue (issue 67, item 2): an essay is headed by the person's name (their
/// address when they gave none) and the attempt's number among theirs, not "Student 33, attempt
/// 40"; an essay a random slot drew shows its prompt, formulas as MathML, not "Essay drawn from
/// the bank (question 13)". The API's queue carries the name, the number and the prompt too.
@Suite("Teach pages: names in the essay queue", .hangGuard)
struct TeachGradingNamesTests {
    @Test func theQueueNamesThePersonTheirAttemptAndADrawnEssaysPrompt() async throws {
        try await TestServer.run { server in
            var (teacher, faculty) = try await TeachCoursePagesTests.teacher(server)
            let course = try await server.createCourse("Polski", token: faculty.token)
            let courseID = try #require(course.id)
            let essay = QuestionDraft(kind: .essay, prompt: "Opisz burzę, \\(x^2\\).", points: 4, answer: nil, topic: "Pisanie")
            try await server.post(APIPaths.courseQuestions(courseID), json: essay, token: faculty.token).expect(.created)
            let draft = ExamDraft(
                title: "Wypracowanie", maxAttempts: 2,
                questions: [QuestionDraft(kind: .trueFalse, prompt: "Burza grzmi.", points: 1, answer: .bool(true))],
                draws: [ExamDrawSlot(position: 1, fromBank: BankDraw(topic: "Pisanie", count: 1))])
            let exam = try await server.publishedExam(draft, courseID: courseID, token: faculty.token)

            let unnamedEmail = uniqueEmail("bez-imienia")
            let unnamed = try await server.signUp(unnamedEmail, role: .student)
            let named = try await server.signUp(uniqueEmail("zofia"), role: .student)
            try await server.send(.put, APIPaths.meName, json: NameSettingRequest(name: "Zofia Żółć"), token: named.token).expect(.ok)
            for (student, times) in [(unnamed, 1), (named, 2)] {
                try await server.enroll(course, token: student.token)
                for round in 0..<times {
                    let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created)
                        .decode(StudentAttempt.self)
                    let written = try #require(attempt.questions.first { $0.kind == .essay })
                    let save = SaveAnswersRequest(answers: [AnswerInput(questionId: written.id, text: "Grzmi \(round).")])
                    try await server.send(.put, APIPaths.attemptAnswers(attempt.attemptId), json: save, token: student.token).expect(.ok)
                    try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.ok)
                }
            }

            let queue = try await server.get(APIPaths.examGrading(exam.id), token: faculty.token).expect(.ok)
                .decode([EssayToGrade].self)
            #expect(queue.count == 3)
            #expect(queue.map(\.studentName) == [nil, "Zofia Żółć", "Zofia Żółć"])
            #expect(queue.map(\.attemptNumber) == [1, 1, 2])
            #expect(queue.allSatisfy { $0.prompt == essay.prompt })

            try await teacher.get("/teach/exams/\(exam.id)/grading").expect(.ok)
            let page = teacher.page
            #expect(page.contains("Zofia Żółć, attempt 1 (not graded)") && page.contains("Zofia Żółć, attempt 2 (not graded)"))
            #expect(page.contains("\(unnamedEmail), attempt 1 (not graded)"))
            #expect(!page.contains("Student ") && !page.contains("drawn from the bank"))
            #expect(page.contains("Opisz burzę,") && page.contains("<math"), "the drawn essay's prompt, its formula as MathML")
            for attempt in queue.map(\.attemptId) where attempt > 2 {
                #expect(!page.contains("attempt \(attempt) "), "the attempt's number among the student's, not its id")
            }
        }
    }
}
