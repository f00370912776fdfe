import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 35, item 3: once `closesAt` passed, the after-close review (right answers by default)
/// showed and the exam's questions came back to practice with their right answers, while other
/// students were still saving in their grace period, an extension or an override's make-up
/// window; and a practice session started before an exam opened kept checking answers during
/// it. An exam now counts as open until the last attempt that could still run has ended.
@Suite("Abuse: answers while an exam is still answered", .hangGuard)
struct ExamStillAnsweredTests {
    struct Room {
        var faculty: LoginResponse
        var first: LoginResponse
        var second: LoginResponse
        var course: Course
        var exam: Exam
    }

    /// Two practice questions of topic Maths; an exam drawing both that closes in 10 minutes,
    /// with a 60-minute limit, 2 minutes of grace, nothing shown after submitting and
    /// everything after closing; two enrolled students.
    static func room(_ server: TestServer, clock: TestClock, opensAt: Date? = nil) async throws -> Room {
        let (faculty, first, course) = try await server.classroom()
        let second = try await server.signUp(uniqueEmail("second"), role: .student)
        try await server.enroll(course, token: second.token)
        for prompt in ["1 + 1 = 2", "2 + 2 = 4"] {
            try await server.post(
                APIPaths.courseQuestions(course.id!),
                json: QuestionDraft(kind: .trueFalse, prompt: prompt, points: 1, answer: .bool(true), topic: "Maths", practice: true),
                token: faculty.token
            ).expect(.created)
        }
        let draft = ExamDraft(
            title: "Quiz", timeLimitMinutes: 60, opensAt: opensAt, closesAt: clock.now.addingTimeInterval(600),
            policy: ExamPolicy(graceSeconds: 120, review: ReviewOptions(afterSubmit: [], afterClose: ReviewItem.allCases)),
            questions: [], draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Maths", count: 2))])
        let exam = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)
        return Room(faculty: faculty, first: first, second: second, course: course, exam: exam)
    }

    /// Whether the first student's submitted attempt shows right answers now.
    static func showsAnswers(_ server: TestServer, attemptID: Int, token: String) async throws -> Bool {
        let attempt = try await server.get(APIPaths.attempt(attemptID), token: token).expect(.ok).decode(StudentAttempt.self)
        return attempt.result?.results?.contains { $0.rightAnswer != nil } == true
    }

    /// The first student's attempt, submitted at once, and the second student's, still running.
    static func oneDoneOneRunning(_ server: TestServer, room: Room) async throws -> (done: StudentAttempt, running: StudentAttempt) {
        let done = try await server.startAttempt(room.exam.id, token: room.first.token).decode(StudentAttempt.self)
        try await server.post(APIPaths.submitAttempt(done.attemptId), json: SaveAnswersRequest(answers: []), token: room.first.token)
            .expect(.ok)
        return (done, try await server.startAttempt(room.exam.id, token: room.second.token).decode(StudentAttempt.self))
    }

    /// How many of the course's questions a practice session offers now.
    static func practisable(_ server: TestServer, room: Room) async throws -> Int {
        try await server.post(APIPaths.coursePractice(room.course.id!), json: PracticeRequest(), token: room.first.token)
            .expect(.created).decode(PracticeSession.self).questions.count
    }

    @Test func reviewAndPracticeWaitForAStudentInTheirGracePeriod() async throws {
        let clock = TestClock()
        try await AttemptTests.run(clock: clock) { server in
            let room = try await Self.room(server, clock: clock)
            let (done, late) = try await Self.oneDoneOneRunning(server, room: room)

            clock.advance(by: 600 + 30)  // closed, and the second student is in the grace period
            try await server.send(
                .put, APIPaths.attemptAnswers(late.attemptId),
                json: SaveAnswersRequest(answers: [AnswerInput(questionId: late.questions[0].id, value: true)]),
                token: room.second.token
            ).expect(.ok)
            #expect(try await !Self.showsAnswers(server, attemptID: done.attemptId, token: room.first.token))
            #expect(try await Self.practisable(server, room: room) == 0)

            clock.advance(by: 120)  // the grace period is over: nobody can answer any more
            #expect(try await Self.showsAnswers(server, attemptID: done.attemptId, token: room.first.token))
            #expect(try await Self.practisable(server, room: room) == 2)
        }
    }

    @Test func anExtensionAndAnOverridesLaterWindowKeepTheExamOpen() async throws {
        let clock = TestClock()
        try await AttemptTests.run(clock: clock) { server in
            let room = try await Self.room(server, clock: clock)
            let (done, extended) = try await Self.oneDoneOneRunning(server, room: room)
            try await server.post(
                APIPaths.extendAttempt(extended.attemptId), json: ExtendAttemptRequest(minutes: 30), token: room.faculty.token
            )
            .expect(.ok)

            clock.advance(by: 600 + 120 + 60)  // past the closing and its grace; the extension runs
            #expect(try await !Self.showsAnswers(server, attemptID: done.attemptId, token: room.first.token))
            #expect(try await Self.practisable(server, room: room) == 0)
            clock.advance(by: 30 * 60)  // the extended attempt's deadline and grace have passed
            #expect(try await Self.showsAnswers(server, attemptID: done.attemptId, token: room.first.token))

            // A third student sits the exam tomorrow: until that window ends it is open again.
            let third = try await server.signUp(uniqueEmail("third"), role: .student)
            try await server.enroll(room.course, token: third.token)
            let me = try await server.get(APIPaths.me, token: third.token).decode(UserProfile.self)
            let tomorrow = clock.now.addingTimeInterval(86_400)
            try await server.send(
                .put, APIPaths.examOverride(room.exam.id, me.id),
                json: ExamOverride(opensAt: tomorrow, closesAt: tomorrow.addingTimeInterval(3600)), token: room.faculty.token
            ).expect(.ok)
            #expect(try await !Self.showsAnswers(server, attemptID: done.attemptId, token: room.first.token))
            #expect(try await Self.practisable(server, room: room) == 0)
            clock.advance(by: 86_400 + 3600)
            #expect(try await Self.showsAnswers(server, attemptID: done.attemptId, token: room.first.token))
            #expect(try await Self.practisable(server, room: room) == 2)
        }
    }

    @Test func aPracticeSessionFromBeforeAnExamOpenedChecksNoAnswerDuringIt() async throws {
        let clock = TestClock()
        try await AttemptTests.run(clock: clock) { server in
            let room = try await Self.room(server, clock: clock, opensAt: clock.now.addingTimeInterval(300))
            let session = try await server.post(
                APIPaths.coursePractice(room.course.id!), json: PracticeRequest(), token: room.first.token
            ).expect(.created).decode(PracticeSession.self)
            #expect(session.questions.count == 2)

            clock.advance(by: 360)  // the exam is open
            let path = APIPaths.practiceAnswers(session.practiceId)
            let during = try await server.post(
                path, json: PracticeAnswer(questionId: session.questions[0].id, value: true), token: room.first.token)
            #expect(during.status == .conflict, "\(during.text)")
            #expect(!during.text.contains("rightAnswer"))

            clock.advance(by: 600)  // closed and past the grace; nobody started
            try await server.post(path, json: PracticeAnswer(questionId: session.questions[0].id, value: true), token: room.first.token)
                .expect(.ok)
        }
    }
}
