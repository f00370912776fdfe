import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Essays in the browser (issue 41): a student writes one in the attempt page's labelled text
/// area without JavaScript, and a teacher grades it on `/teach/exams/{examId}/grading`, a form
/// per answer (points and comment, CSRF); refusals show on the page; another teacher gets 404.
@Suite("Teach pages: grading essays", .hangGuard)
struct TeachGradingPagesTests {
    @Test("a student writes an essay in the page; the teacher grades it in the queue")
    func essayWrittenAndGraded() async throws {
        try await TestServer.run { server in
            var (teacher, faculty) = try await TeachCoursePagesTests.teacher(server)
            let course = try await server.createCourse("Essays", token: faculty.token)
            let draft = ExamDraft(
                title: "Essay exam", timeLimitMinutes: 60,
                questions: [
                    QuestionDraft(kind: .description, prompt: "Part A: <b>writing</b>.", points: 0, answer: nil),
                    QuestionDraft(
                        kind: .essay, prompt: "Describe a \"storm\".", points: 4, answer: nil, graderInfo: "Look for <i>detail</i>."),
                ])
            let exam = try await server.publishedExam(draft, courseID: try #require(course.id), token: faculty.token)

            var student = TestBrowser(server)
            try await student.registerStudent(uniqueEmail("pupil"))
            try await student.follow(try await student.post("/courses", [("courseCode", course.courseCode)]).expect(.seeOther))
            let started = try await student.post("/exams/\(exam.id)/attempts", []).expect(.seeOther)
            try await student.get(try #require(started.headers[.location])).expect(.ok)
            #expect(student.page.contains("Part A: &lt;b&gt;writing&lt;/b&gt;.") && student.page.contains("class=\"description\""))
            try await student.follow(
                try await student.post(
                    try #require(started.headers[.location]),
                    [("question", try #require(TestBrowser.value(of: "question", in: student.page))), ("go", "next")]
                ).expect(.seeOther))
            let page = student.page
            #expect(page.contains("data-kind=\"essay\"") && page.contains("<textarea id=\"q"))
            #expect(page.contains("Your answer (graded by hand") && page.contains("<legend>"))
            #expect(!page.contains("Look for"), "grader information is never shown to students")
            let essay = "Rain <script>x</script>, \"wind\" and e\u{301}.\nSecond line."
            let action = try #require(started.headers[.location])
            try await student.post(
                action,
                [
                    ("question", try #require(TestBrowser.value(of: "question", in: page))),
                    ("key", TestBrowser.value(of: "key", in: page) ?? ""), ("text", essay), ("go", "finish"),
                ]
            ).expect(.seeOther)
            try await student.post(action + "/submit", []).expect(.seeOther)

            let queue = "/teach/exams/\(exam.id)/grading"
            try await teacher.get(queue).expect(.ok)
            #expect(teacher.page.contains("1 essay waits to be graded") && teacher.page.contains("(not graded)"))
            #expect(teacher.page.contains("Rain &lt;script&gt;x&lt;/script&gt;, &quot;wind&quot;") && !teacher.page.contains("<script>x"))
            #expect(teacher.page.contains("For the grader: Look for &lt;i&gt;detail&lt;/i&gt;."))
            #expect(teacher.page.contains("<label for=\"a") && teacher.page.contains("name=\"csrf\""))
            let attemptID = try #require(
                try await server.get(APIPaths.examGrading(exam.id), token: faculty.token).decode([EssayToGrade].self).first?.attemptId)
            let essayID = try #require(exam.questions.last?.id)
            let grade = "/teach/attempts/\(attemptID)/grades/\(essayID)"

            try await teacher.post(grade, [("exam", "\(exam.id)"), ("points", "4.5"), ("comment", "")]).expect(.badRequest)
            #expect(teacher.page.contains("points must be from 0 to 4"))
            try await teacher.post(grade, [("exam", "\(exam.id)"), ("points", "x")]).expect(.badRequest)
            try await teacher.follow(
                try await teacher.post(grade, [("exam", "\(exam.id)"), ("points", "3,5"), ("comment", "Vivid <b>!</b>")]).expect(.seeOther))
            #expect(teacher.page.contains("The grade is saved.") && teacher.page.contains("0 essays wait"))
            #expect(teacher.page.contains("value=\"3.5\"") && teacher.page.contains("Vivid &lt;b&gt;!&lt;/b&gt;</textarea>"))
            let graded = try await server.get(APIPaths.examGrading(exam.id), token: faculty.token).decode([EssayToGrade].self)
            #expect(graded.first?.points == 3.5 && graded.first?.comment == "Vivid <b>!</b>" && graded.first?.text == essay)

            var (other, _) = try await TeachCoursePagesTests.teacher(server)
            try await other.get(queue).expect(.notFound)
            try await other.post(grade, [("exam", "\(exam.id)"), ("points", "1")]).expect(.notFound)
            #expect(
                try await server.get(APIPaths.examGrading(exam.id), token: faculty.token).decode([EssayToGrade].self).first?.points == 3.5)
        }
    }
}
