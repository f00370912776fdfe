import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

@Suite("Exam authoring", .hangGuard)
struct ExamAuthoringTests {
    @Test func facultyWritesRewritesPublishesAndClosesAnExam() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Algebra", token: faculty.token)
            let courseID = try #require(course.id)
            let draft = ExamFixtures.everyKind(timeLimitMinutes: 30, maxAttempts: 2)
            let exam = try await server.createExam(draft, courseID: courseID, token: faculty.token)
            #expect(exam.status == .draft)
            #expect(exam.courseId == courseID)
            #expect(exam.maxAttempts == 2 && exam.timeLimitMinutes == 30)
            #expect(exam.questions.map(\.kind) == [.singleChoice, .multipleChoice, .trueFalse, .shortAnswer])
            #expect(exam.questions.map(\.answer) == [.text("b"), .texts(["a", "b"]), .bool(true), .texts(["Ärger", "Wut"])])
            #expect(exam.totalPoints == 7)
            #expect(try await server.get(APIPaths.facultyExam(exam.id), token: faculty.token).expect(.ok).decode(Exam.self) == exam)

            let summaries = try await server.get(APIPaths.facultyExams, token: faculty.token).expect(.ok).decode([ExamSummary].self)
            #expect(summaries.count == 1)
            #expect(summaries.first?.questionCount == 4 && summaries.first?.totalPoints == 7 && summaries.first?.attemptCount == 0)
            let filtered = try await server.get(APIPaths.facultyExams + "?courseId=\(courseID)", token: faculty.token)
            #expect(try filtered.expect(.ok).decode([ExamSummary].self).map(\.id) == [exam.id])
            try await server.get(APIPaths.facultyExams + "?courseId=abc", token: faculty.token).expect(.badRequest)

            var rewritten = draft
            rewritten.title = "Midterm, revised"
            rewritten.questions.removeLast()
            rewritten.maxAttempts = nil
            let replaced = try await server.send(.put, APIPaths.facultyExam(exam.id), json: rewritten, token: faculty.token)
                .expect(.ok).decode(Exam.self)
            #expect(replaced.title == "Midterm, revised" && replaced.questions.count == 3 && replaced.maxAttempts == 1)

            let published = try await server.send(.post, APIPaths.publishExam(exam.id), token: faculty.token).expect(.ok)
            #expect(try published.decode(Exam.self).status == .published)
            try await server.send(.post, APIPaths.publishExam(exam.id), token: faculty.token).expect(.conflict)
            try await server.send(.put, APIPaths.facultyExam(exam.id), json: rewritten, token: faculty.token).expect(.conflict)
            let closed = try await server.send(.post, APIPaths.closeExam(exam.id), token: faculty.token).expect(.ok)
            #expect(try closed.decode(Exam.self).status == .closed)
            try await server.send(.post, APIPaths.closeExam(exam.id), token: faculty.token).expect(.conflict)
        }
    }

    static let ungradeable: [(String, QuestionDraft)] = [
        (
            "no right choice",
            QuestionDraft(
                kind: .singleChoice, prompt: "?", points: 1, choices: [.init(id: "a", text: "A"), .init(id: "b", text: "B")],
                answer: .texts([]))
        ),
        (
            "a right choice that is not a choice",
            QuestionDraft(
                kind: .singleChoice, prompt: "?", points: 1, choices: [.init(id: "a", text: "A"), .init(id: "b", text: "B")],
                answer: .text("c"))
        ),
        (
            "duplicate choice ids",
            QuestionDraft(
                kind: .singleChoice, prompt: "?", points: 1, choices: [.init(id: "a", text: "A"), .init(id: "a", text: "B")],
                answer: .text("a"))
        ),
        (
            "two right answers to a single choice",
            QuestionDraft(
                kind: .singleChoice, prompt: "?", points: 1, choices: [.init(id: "a", text: "A"), .init(id: "b", text: "B")],
                answer: .texts(["a", "b"]))
        ),
        (
            "one choice only",
            QuestionDraft(kind: .multipleChoice, prompt: "?", points: 1, choices: [.init(id: "a", text: "A")], answer: .texts(["a"]))
        ),
        ("no choices", QuestionDraft(kind: .multipleChoice, prompt: "?", points: 1, answer: .texts(["a"]))),
        ("a true/false answered with text", QuestionDraft(kind: .trueFalse, prompt: "?", points: 1, answer: .text("yes"))),
        (
            "choices on a true/false",
            QuestionDraft(
                kind: .trueFalse, prompt: "?", points: 1, choices: [.init(id: "a", text: "A"), .init(id: "b", text: "B")],
                answer: .bool(true))
        ),
        ("an empty accepted answer", QuestionDraft(kind: .shortAnswer, prompt: "?", points: 1, answer: .texts(["  "]))),
        ("no accepted answer", QuestionDraft(kind: .shortAnswer, prompt: "?", points: 1, answer: .texts([]))),
        ("a boolean short answer", QuestionDraft(kind: .shortAnswer, prompt: "?", points: 1, answer: .bool(false))),
        ("zero points", QuestionDraft(kind: .trueFalse, prompt: "?", points: 0, answer: .bool(true))),
        ("an empty prompt", QuestionDraft(kind: .trueFalse, prompt: " ", points: 1, answer: .bool(true))),
    ]

    @Test(arguments: ungradeable)
    func aQuestionThatCannotBeGradedIs400(name: String, question: QuestionDraft) async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Algebra", token: faculty.token)
            let draft = ExamDraft(
                title: "Quiz", questions: [QuestionDraft(kind: .trueFalse, prompt: "Fine", points: 1, answer: .bool(true)), question])
            let reply = try await server.post(APIPaths.courseExams(course.id!), json: draft, token: faculty.token)
            #expect(reply.status == .badRequest, "\(name): \(reply.text)")
            #expect(reply.error?.message.contains("questions[1]") == true, "\(name): \(reply.text)")
        }
    }

    @Test(arguments: [
        (#"{"title":"Quiz","questions":[]}"#, "questions must hold"),
        (#"{"title":" ","questions":[{"kind":"true_false","prompt":"?","points":1,"answer":true}]}"#, "title must be"),
        (#"{"title":"Quiz","maxAttempts":0,"questions":[{"kind":"true_false","prompt":"?","points":1,"answer":true}]}"#, "maxAttempts"),
        (
            #"{"title":"Quiz","timeLimitMinutes":0,"questions":[{"kind":"true_false","prompt":"?","points":1,"answer":true}]}"#,
            "timeLimitMinutes"
        ),
        (
            #"{"title":"Quiz","opensAt":"2030-01-02T00:00:00Z","closesAt":"2030-01-01T00:00:00Z","questions":[{"kind":"true_false","prompt":"?","points":1,"answer":true}]}"#,
            "closesAt"
        ),
        (#"{"title":"Quiz","questions":[{"kind":"ranking","prompt":"?","points":1,"answer":true}]}"#, "questions[0].kind"),
        (#"{"title":"Quiz","questions":[{"kind":"true_false","prompt":"?","points":1,"answer":{"x":1}}]}"#, "questions[0].answer"),
        (#"{"title":"Quiz","questions":[{"kind":"true_false","prompt":"?","points":1}]}"#, "questions[0].answer"),
    ])
    func malformedExamsGetAClear400(body: String, mentions: String) async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Algebra", token: faculty.token)
            let reply = try await server.post(APIPaths.courseExams(course.id!), raw: body, token: faculty.token)
            #expect(reply.status == .badRequest, "\(reply.text)")
            #expect(reply.error?.message.contains(mentions) == true, "\(reply.text)")
        }
    }

    @Test func examsMayBeDeletedAsDraftsOrWhileNobodyAttemptedThem() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let draft = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: faculty.token)
            try await server.delete(APIPaths.facultyExam(draft.id), token: faculty.token).expect(.ok)
            try await server.get(APIPaths.facultyExam(draft.id), token: faculty.token).expect(.notFound)

            let untouched = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            try await server.delete(APIPaths.facultyExam(untouched.id), token: faculty.token).expect(.ok)

            let attempted = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            try await server.startAttempt(attempted.id, token: student.token).expect(.created)
            let refused = try await server.delete(APIPaths.facultyExam(attempted.id), token: faculty.token)
            #expect(refused.status == .conflict)
            #expect(refused.error?.error == .conflict)
            let summary = try await server.get(APIPaths.facultyExams, token: faculty.token).decode([ExamSummary].self)
            #expect(summary.map(\.attemptCount) == [1])
        }
    }

    @Test func anotherFacultyMembersExamsAndCoursesAre404() async throws {
        try await TestServer.run { server in
            let owner = try await server.signUp(uniqueEmail(), role: .faculty)
            let course = try await server.createCourse("Algebra", token: owner.token)
            let exam = try await server.createExam(ExamFixtures.everyKind(), courseID: course.id!, token: owner.token)
            let other = try await server.signUp(uniqueEmail(), role: .faculty)
            try await server.post(APIPaths.courseExams(course.id!), json: ExamFixtures.everyKind(), token: other.token).expect(.notFound)
            try await server.get(APIPaths.facultyExam(exam.id), token: other.token).expect(.notFound)
            try await server.send(.put, APIPaths.facultyExam(exam.id), json: ExamFixtures.everyKind(), token: other.token).expect(.notFound)
            try await server.delete(APIPaths.facultyExam(exam.id), token: other.token).expect(.notFound)
            try await server.send(.post, APIPaths.publishExam(exam.id), token: other.token).expect(.notFound)
            try await server.send(.post, APIPaths.closeExam(exam.id), token: other.token).expect(.notFound)
            try await server.get(APIPaths.facultyExams + "?courseId=\(course.id!)", token: other.token).expect(.notFound)
            try await server.get(APIPaths.facultyGrades + "?courseId=\(course.id!)", token: other.token).expect(.notFound)
            #expect(try await server.get(APIPaths.facultyExams, token: other.token).decode([ExamSummary].self).isEmpty)
        }
    }
}
