import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// A bank question's page (issue 39, step six): the preview as a student sees it, an edit in
/// GIFT previewed before it is saved, and a regrade whose dry run lists the score changes
/// before anything changes. Another teacher gets 404, a student 403; the fields fuzzed.
@Suite("Teach pages: a question, its edit and regrade", .hangGuard)
struct TeachQuestionPagesTests {
    @Test("preview, edit with a preview first, regrade with its dry run first")
    func previewEditRegrade() async throws {
        try await TestServer.run { server in
            var (browser, faculty, course) = try await TeachExamPagesTests.courseWithBank(server)
            let bank = try await server.get(APIPaths.courseQuestions(course.id ?? 0), token: faculty.token).decode([Question].self)
            let trivial = try #require(bank.first { $0.name == "Trivial" })
            let path = "/teach/questions/\(trivial.id)"
            try await browser.get(path).expect(.ok)
            #expect(browser.page.contains("<fieldset class=\"question\"") && browser.page.contains("type=\"radio\""))
            #expect(browser.page.contains("::Trivial::") && browser.page.contains("$CATEGORY:"))

            // A student answers it wrong in an exam that draws it from the bank.
            let draft = ExamDraft(
                title: "Quiz", questions: [], draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "algebra/groups", count: 2))])
            let exam = try await server.publishedExam(draft, courseID: course.id ?? 0, token: faculty.token)
            let student = try await server.signUp(uniqueEmail("student"), role: .student)
            try await server.enroll(course, token: student.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let wrong = attempt.questions.map { question in
                question.kind == .singleChoice
                    ? AnswerInput(questionId: question.id, choiceIds: (question.choices ?? []).filter { $0.text == "2" }.map(\.id))
                    : AnswerInput(questionId: question.id, value: false)
            }
            try await server.send(
                .put, APIPaths.attemptAnswers(attempt.attemptId), json: SaveAnswersRequest(answers: wrong), token: student.token
            )
            .expect(.ok)
            try await server.post(APIPaths.submitAttempt(attempt.attemptId), raw: "", token: student.token).expect(.ok)

            // The regrade: the dry run lists the change; nothing changes until the second form.
            try await browser.post(path + "/regrade", [("mode", "full_credit"), ("step", "check")]).expect(.ok)
            #expect(browser.page.contains("nothing is changed yet") && browser.page.contains(">\(attempt.attemptId)</a>"))
            let before = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: faculty.token).decode(
                [FacultyAttemptSummary].self)
            #expect(before.first?.score == 0)
            try await browser.follow(
                try await browser.post(path + "/regrade", [("mode", "full_credit"), ("step", "regrade")]).expect(.seeOther))
            #expect(browser.page.contains("The attempts are regraded"))
            let after = try await server.get(APIPaths.facultyExamAttempts(exam.id), token: faculty.token).decode(
                [FacultyAttemptSummary].self)
            #expect(after.first?.score == Double(trivial.points))

            // The edit: a preview changes nothing, then saving makes a new version.
            let changed = "::Trivial:: The order of the trivial <group> is {=1 ~2 ~3}"
            try await browser.post(path, [("gift", changed), ("step", "preview")]).expect(.ok)
            #expect(
                browser.page.contains("The changed question, as a student will see it") && browser.page.contains("trivial &lt;group&gt;"))
            #expect(
                try await server.get(APIPaths.facultyQuestion(trivial.id), token: faculty.token).decode(Question.self).prompt
                    == trivial.prompt)
            try await browser.post(path, [("gift", "::A:: one {T}\n\n::B:: two {F}"), ("step", "save")]).expect(.badRequest)
            try await browser.post(path, [("gift", "::Broken:: Pick one. {~a ~b}"), ("step", "save")]).expect(.badRequest)
            #expect(browser.page.contains("role=\"alert\""))
            try await browser.follow(try await browser.post(path, [("gift", changed), ("step", "save")]).expect(.seeOther))
            let saved = try await server.get(APIPaths.facultyQuestion(trivial.id), token: faculty.token).decode(Question.self)
            #expect(saved.prompt.contains("trivial <group>") && saved.version == 2 && saved.practice == trivial.practice)

        }
    }

    @Test("another teacher gets 404, a student 403; every field fuzzed, never a 500")
    func othersAndFuzz() async throws {
        try await TestServer.run { server in
            var (owner, faculty, course) = try await TeachExamPagesTests.courseWithBank(server)
            let question = try #require(
                try await server.get(APIPaths.courseQuestions(course.id ?? 0), token: faculty.token).decode([Question].self).first)
            let path = "/teach/questions/\(question.id)"
            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("student"))
            try await other.get(path).expect(.notFound)
            try await student.get(path).expect(.forbidden)
            for form in [path, path + "/regrade"] {
                try await other.post(form, [("gift", "::Q:: x {T}"), ("mode", "full_credit"), ("step", "check")]).expect(.notFound)
                try await student.post(form, [("gift", "::Q:: x {T}"), ("mode", "full_credit"), ("step", "check")]).expect(.forbidden)
            }
            try await owner.get(path)
            for input in PageFormFuzzTests.inputs {
                for fields in [
                    [("gift", input), ("step", "preview")], [("gift", input), ("step", "save")],
                    [("gift", "::Q:: x {T}"), ("step", input)],
                ] {
                    TeachCoursePagesTests.expectAnswered(try await owner.post(path, fields), "edit \(fields.map(\.0))")
                }
                for fields in [[("mode", input), ("step", "check")], [("mode", "full_credit"), ("step", input)]] {
                    TeachCoursePagesTests.expectAnswered(try await owner.post(path + "/regrade", fields), "regrade \(fields.map(\.0))")
                }
            }
        }
    }
}
