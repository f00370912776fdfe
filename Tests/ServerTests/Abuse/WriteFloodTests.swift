import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Issue 35, item 6: the write routes that came with banks, practice and exam day had no
/// limit (2,000 practice sessions in 5 s), and the course's cap counted current questions
/// only (300 edits made 301 versions while the cap counted 1). Each is now limited per
/// account, with `Retry-After`, and versions and retired questions count against a cap.
@Suite("Abuse: floods of writes", .hangGuard)
struct WriteFloodTests {
    static func expectLimited(_ reply: TestReply, naming words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(reply.status == .tooManyRequests, "\(reply.text)", sourceLocation: sourceLocation)
        #expect(reply.error?.error == .rateLimited, sourceLocation: sourceLocation)
        #expect(Int(reply.headers[.retryAfter] ?? "") ?? 0 > 0, sourceLocation: sourceLocation)
        #expect(reply.error?.message.contains(words) == true, "\(reply.text)", sourceLocation: sourceLocation)
    }

    /// Practice sessions per student (120 an hour by default; 10 here, the thing under test).
    @Test func practiceSessionsAreLimitedPerStudent() async throws {
        try await TestServer.run(configure: { $0.limits.practiceSessionsPerStudent = RateLimit(maxAttempts: 10, windowSeconds: 3600) }) {
            server in
            let (_, student, course) = try await server.classroom()
            let path = APIPaths.coursePractice(course.id!)
            for _ in 1...10 { try await server.post(path, json: PracticeRequest(), token: student.token).expect(.created) }
            Self.expectLimited(try await server.post(path, json: PracticeRequest(), token: student.token), naming: "practice sessions")
            // Another student of the course is not held back.
            let other = try await server.signUp(uniqueEmail("other"), role: .student)
            try await server.enroll(course, token: other.token)
            try await server.post(path, json: PracticeRequest(), token: other.token).expect(.created)
        }
    }

    /// Every other write route, each limit lowered to 2 for the test (the thing under test).
    @Test func everyWriteRouteCountsAgainstItsAccountsLimit() async throws {
        let two = RateLimit(maxAttempts: 2, windowSeconds: 3600)
        try await TestServer.run(configure: {
            $0.limits.questionWritesPerFaculty = two
            $0.limits.questionImportsPerFaculty = two
            $0.limits.regradesPerFaculty = two
            $0.limits.examDayChangesPerFaculty = two
            $0.limits.practiceAnswersPerStudent = two
        }) { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = course.id!
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            let question = QuestionDraft(kind: .trueFalse, prompt: "True?", points: 1, answer: .bool(true), practice: true)
            let created = try await server.post(APIPaths.courseQuestions(courseID), json: question, token: faculty.token)
                .expect(.created).decode(Question.self)
            try await server.send(.put, APIPaths.facultyQuestion(created.id), json: question, token: faculty.token).expect(.ok)
            Self.expectLimited(
                try await server.post(APIPaths.practiceQuestions(courseID), json: PracticeMarking(practice: true), token: faculty.token),
                naming: "question changes")
            Self.expectLimited(
                try await server.delete(APIPaths.facultyQuestion(created.id), token: faculty.token), naming: "question changes")

            let file = ByteBuffer(string: "::q:: True? {T}\n")
            for expected in [HTTPResponse.Status.ok, .ok] {
                try await server.send(
                    .post, APIPaths.importQuestions(courseID) + "?dryRun=true", token: faculty.token,
                    headers: [.contentType: "text/plain"], body: file
                ).expect(expected)
            }
            Self.expectLimited(
                try await server.send(
                    .post, APIPaths.importQuestions(courseID), token: faculty.token, headers: [.contentType: "text/plain"], body: file),
                naming: "question imports")

            let regrade = RegradeRequest(mode: .fullCredit, dryRun: true)
            for _ in 1...2 { try await server.post(APIPaths.regradeQuestion(created.id), json: regrade, token: faculty.token).expect(.ok) }
            Self.expectLimited(
                try await server.post(APIPaths.regradeQuestion(created.id), json: regrade, token: faculty.token), naming: "regrades")

            var timed = ExamFixtures.everyKind(timeLimitMinutes: 30)
            timed.title = "Timed"
            let exam = try await server.publishedExam(timed, courseID: courseID, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).decode(StudentAttempt.self)
            try await server.send(
                .put, APIPaths.accommodation(courseID, me.id), json: Accommodation(extraMinutes: 5), token: faculty.token
            ).expect(.ok)
            try await server.send(.put, APIPaths.examOverride(exam.id, me.id), json: ExamOverride(extraAttempts: 1), token: faculty.token)
                .expect(.ok)
            Self.expectLimited(
                try await server.post(
                    APIPaths.extendAttempt(attempt.attemptId), json: ExtendAttemptRequest(minutes: 5), token: faculty.token),
                naming: "accommodations, overrides and extensions")
            Self.expectLimited(try await server.delete(APIPaths.accommodation(courseID, me.id), token: faculty.token), naming: "overrides")
            Self.expectLimited(try await server.delete(APIPaths.examOverride(exam.id, me.id), token: faculty.token), naming: "overrides")

            let session = try await server.post(APIPaths.coursePractice(courseID), json: PracticeRequest(), token: student.token)
                .expect(.created).decode(PracticeSession.self)
            let shown = try #require(session.questions.first)
            let answer = PracticeAnswer(questionId: shown.id, value: true)
            let path = APIPaths.practiceAnswers(session.practiceId)
            try await server.post(path, json: answer, token: student.token).expect(.ok)
            try await server.post(path, json: answer, token: student.token).expect(.conflict)  // counted too: it began
            Self.expectLimited(try await server.post(path, json: answer, token: student.token), naming: "practice answers")
        }
    }

    /// The cap of current questions counted exam questions only when a bank question was
    /// added (a bank question's exam is NULL, and `NULL IS DISTINCT FROM NULL` is false).
    @Test func theCourseCapCountsItsBankQuestions() async throws {
        try await TestServer.run(configure: { $0.examCaps.questionsPerCourse = 2 }) { server in
            let (faculty, _, course) = try await server.classroom()
            let question = QuestionDraft(kind: .trueFalse, prompt: "True?", points: 1, answer: .bool(true))
            for _ in 1...2 {
                try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: faculty.token).expect(.created)
            }
            let third = try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: faculty.token)
            #expect(third.status == .conflict && third.error?.error == .limitReached, "\(third.text)")
            let exam = try await server.post(APIPaths.courseExams(course.id!), json: ExamFixtures.everyKind(), token: faculty.token)
            #expect(exam.status == .conflict && exam.error?.error == .limitReached, "\(exam.text)")
        }
    }

    /// Edits of a question that attempts or sessions showed make versions, and deleting such a
    /// question retires it: both count against the course's cap of stored questions (four
    /// times its current ones; two current questions here, so eight stored).
    @Test func versionsAndRetiredQuestionsCountAgainstTheCourseCap() async throws {
        try await TestServer.run(configure: { $0.examCaps.questionsPerCourse = 2 }) { server in
            let (faculty, student, course) = try await server.classroom()
            var question = QuestionDraft(kind: .trueFalse, prompt: "Version 1", points: 1, answer: .bool(true), practice: true)
            let created = try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: faculty.token)
                .expect(.created).decode(Question.self)
            var versions = 1
            var refused: TestReply?
            for edit in 2...12 {
                // A practice session shows the current version, so the edit makes a new one.
                try await server.post(APIPaths.coursePractice(course.id!), json: PracticeRequest(), token: student.token)
                    .expect(.created)
                question.prompt = "Version \(edit)"
                let reply = try await server.send(.put, APIPaths.facultyQuestion(created.id), json: question, token: faculty.token)
                guard reply.status == .ok else {
                    refused = reply
                    break
                }
                versions = try reply.decode(Question.self).version ?? 0
            }
            #expect(versions == 8, "eight stored versions, then the cap")
            #expect(refused?.status == .conflict && refused?.error?.error == .limitReached, "\(refused?.text ?? "never refused")")
            // Retired, it still counts: a new question finds the course full.
            try await server.delete(APIPaths.facultyQuestion(created.id), token: faculty.token).expect(.ok)
            let another = try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: faculty.token)
            #expect(another.status == .conflict && another.error?.error == .limitReached, "\(another.text)")
        }
    }
}
