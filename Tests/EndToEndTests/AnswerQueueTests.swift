import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// No answer is lost on exam day: the server is killed, the connection is cut, an answer
/// is lost on its way back. Each time, after the server answers again, every answer the
/// student gave is stored in its latest version and the grade matches.
@Suite("End to end: no answer lost", .hangGuard)
struct AnswerQueueTests {
    @Test @MainActor
    func noAnswerIsLostWhenTheServerIsKilledAndTheAppRestarts() async throws {
        let folder = URL(fileURLWithPath: "/tmp/examprep-kill-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = try await TestDatabase.makeDatabase(migrated: true)
        let environment = [
            "DATABASE_URL": FirstVersionDatabase.url(of: database), "JWT_SECRET": String(decoding: LiveServer.jwtSecret, as: UTF8.self),
            "PASSWORD_HASH_SCHEME": "yescrypt", "PASSWORD_HASH_COST": "1",
            // The test signs its teacher up through /api/register, as the first version did.
            "FACULTY_REGISTRATION": "open",
        ]
        let first = try ServerProcessTests.ServerProcess(folder: folder, environment: environment)
        let port = try await first.waitForPort()
        let baseURL = try #require(URL(string: "http://127.0.0.1:\(port)"))

        let teacher = ExamPrepClient(baseURL: baseURL, store: InMemorySessionStore(), transport: EndToEnd.patientTransport)
        try await teacher.account.signUp(uniqueEmail("teacher"), role: .faculty)
        let course = try await teacher.faculty.create(name: "Killed", description: "The server dies mid-exam")
        let exam = try await teacher.faculty.publishExam(
            try await teacher.faculty.createExam(TrueFalseExam.draft(questions: 6, timeLimitMinutes: 60), in: try #require(course.id)).id)

        let studentFolder = folder.appending(path: "student")
        var app = ExamPrepClient(baseURL: baseURL, store: FileSessionStore(directory: studentFolder), transport: EndToEnd.patientTransport)
        try await app.account.signUp(uniqueEmail("student"), role: .student)
        try await app.student.enroll(code: course.courseCode)
        let attempt = try await app.student.startAttempt(examId: exam.id)
        let questions = attempt.questions.map(\.id)
        // Both saved before the kill. Under the whole suite's load a fresh server process may
        // answer the first save after the queue's 10 s: it is then pending, and the queue
        // sends it again, which is what this waits for (a fresh-clone CI run saw `.pending`).
        try await app.student.answer(AnswerInput(questionId: questions[0], value: false), in: attempt.attemptId)
        try await app.student.answer(AnswerInput(questionId: questions[1], value: true), in: attempt.attemptId)
        try await eventually("the first two answers saved") {
            await app.student.answers.send()
            return app.student.answers.state(of: questions[0]) == .saved && app.student.answers.state(of: questions[1]) == .saved
        }

        // The server is killed; the student goes on answering, and changes their mind once.
        kill(first.process.processIdentifier, SIGKILL)
        _ = try await first.waitForExit()
        for (index, value) in [(0, true), (2, true), (3, false)] {
            let state = try await app.student.answer(AnswerInput(questionId: questions[index], value: value), in: attempt.attemptId)
            #expect(state == .pending)
        }
        #expect(app.student.answers.isOffline && app.student.answers.pendingCount == 3)

        // The app quits as well; the server comes back on its address; the app starts again.
        app = ExamPrepClient(baseURL: baseURL, store: FileSessionStore(directory: studentFolder), transport: EndToEnd.patientTransport)
        let second = try ServerProcessTests.ServerProcess(folder: folder, environment: environment.merging(["PORT": "\(port)"]) { $1 })
        defer { second.process.terminate() }
        _ = try await second.waitForPort()
        let resumed = try await app.student.startAttempt(examId: exam.id)
        #expect(resumed.attemptId == attempt.attemptId)
        #expect(resumed.answers.first { $0.questionId == questions[0] }?.value == true, "the queued answer, not the server's older one")
        try await eventually("the queue to reach the server") { app.student.answers.pendingCount == 0 }
        #expect(!app.student.answers.isOffline)

        for index in [4, 5] {
            #expect(try await app.student.answer(AnswerInput(questionId: questions[index], value: true), in: attempt.attemptId) == .saved)
        }
        let stored = try await app.student.loadAttempt(attempt.attemptId).answers
        #expect(questions.map { id in stored.first { $0.questionId == id }?.value } == [true, true, true, false, true, true])
        #expect(stored.first { $0.questionId == questions[0] }?.sequence == 3, "the second version of question 1 won")
        let result = try await app.student.submit(attempt.attemptId)
        #expect(result.score == 5 && result.maxScore == 6)
        #expect(try await second.terminate() == 0)
    }

    @Test
    func noAnswerIsLostWhenTheConnectionIsCutOrAnAnswerNeverComesBack() async throws {
        let clock = TestClock()
        let folder = URL(fileURLWithPath: "/tmp/examprep-cut-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await EndToEnd.run(configure: { $0.clock = clock.serverClock }) { server in
            let proxy = try await CuttableProxy.start(to: try #require(server.baseURL.port))
            defer { Task { await proxy.stop() } }
            let room = try await Classroom.open(
                server, clock: clock, answerDirectory: folder, studentBaseURL: URL(string: "http://127.0.0.1:\(proxy.port)"))
            let exam = try await room.publish(TrueFalseExam.draft(questions: 4, timeLimitMinutes: 60))
            let queue = room.student.student.answers
            let attempt = try await room.student.student.startAttempt(examId: exam.id)
            let questions = attempt.questions.map(\.id)
            #expect(
                try await room.student.student.answer(AnswerInput(questionId: questions[0], value: false), in: attempt.attemptId) == .saved)

            // The save reaches the server, its answer never comes back: the client keeps it and
            // sends it again with the same key; the server answers as before and saves nothing.
            // (The clock moves first, so that the first save's time cannot pass for this one's.)
            clock.advance(by: 5)
            proxy.loseAnswers()
            let lostAt = clock.now
            #expect(
                try await room.student.student.answer(AnswerInput(questionId: questions[1], value: true), in: attempt.attemptId) == .pending
            )
            // The server saved it (at `lostAt`) before the clock moves on; only the answer was lost.
            try await eventually("the lost save to reach the server") {
                try await room.faculty.faculty.loadAttempts(examId: exam.id).first?.lastSavedAt.map {
                    abs($0.timeIntervalSince(lostAt)) < 1
                } == true
            }
            clock.advance(by: 10)
            proxy.restore()
            try await eventually("the lost save to be sent again") {
                await queue.send()
                return queue.pendingCount == 0
            }
            let afterRetry = try #require(try await room.faculty.faculty.loadAttempts(examId: exam.id).first)
            #expect(afterRetry.lastSavedAt.map { abs($0.timeIntervalSince(lostAt)) < 1 } == true, "the retry was saved a second time")

            // The connection is cut: answers wait, and go by themselves once it is back.
            proxy.cut()
            for (index, value) in [(0, true), (2, true)] {
                #expect(
                    try await room.student.student.answer(AnswerInput(questionId: questions[index], value: value), in: attempt.attemptId)
                        == .pending)
            }
            #expect(queue.isOffline && queue.pendingCount == 2)
            #expect(queue.state(of: questions[1]) == .saved && queue.state(of: questions[3]) == .unanswered)
            proxy.restore()
            try await eventually("the queue to go by itself once the connection is back") { queue.pendingCount == 0 }

            let result = try await room.student.student.submit(attempt.attemptId)
            #expect(result.score == 3 && result.maxScore == 4)
            let stored = try await room.student.student.loadAttempt(attempt.attemptId).answers
            #expect(questions.map { id in stored.first { $0.questionId == id }?.value } == [true, true, true, nil])
        }
    }
}
