import ExamPrepClient
import ExamPrepEmbeddedPostgres
import ExamPrepPostgres
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Logging
import Testing

/// The server with a standby: reports read there, and a save whose commit happened but whose
/// answer was lost (the primary died while the commit waited for the synchronous standby) is
/// not called saved (503); the client's retry with the same Idempotency-Key stores it once,
/// and is acknowledged only once the standby holds it too.
///
/// The cluster of the second test names a synchronous standby that never connects
/// (`synchronous_standby_names = 'ghost'`), so a commit waits for as long as the test wants;
/// ending the waiting session is the primary dying under it, and clearing the setting is the
/// standby catching up.
@Suite("End to end: primary and standby", .hangGuard)
struct StandbyTests {
    static let logger = quietLogger("examprep.standby-tests", level: .error)

    /// The sessions whose commit waits for the standby.
    static func waitingForTheStandby(_ admin: PostgresPool) async throws -> [Int32] {
        try await admin.query("SELECT pid FROM pg_stat_activity WHERE wait_event = 'SyncRep'", logger: logger)
            .map { try $0.decode(0, as: Int32.self) }
    }

    static func configure(_ admin: PostgresPool, _ statement: String) async throws {
        try await admin.withConnection { connection in
            try await connection.executeScript(statement, logger: logger)  // not in a transaction: ALTER SYSTEM refuses one
            try await connection.executeScript("SELECT pg_reload_conf()", logger: logger)
        }
    }

    @Test
    func statisticsAndGradeBooksReadThroughTheReadURL() async throws {
        var configuration = try await LiveServer.configuration()
        guard case .external(let database) = configuration.database else {
            Issue.record("the test configuration has no database of its own")
            return
        }
        let url = FirstVersionDatabase.url(of: database)
        configuration.readDatabase = try AppConfiguration(environment: ["DATABASE_URL": url, "DATABASE_READ_URL": url]).readDatabase
        let observer = PostgresPool(configuration: database, maxConnections: 1, logger: Self.logger)
        try await observer.whileRunning { observer in
            try await EndToEnd.run(configuration) { server in
                let readers = {
                    try await observer.query(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'examprep-read'",
                        logger: Self.logger
                    ).single().decode(0, as: Int.self)
                }
                let room = try await Classroom.open(server)
                let exam = try await room.publish(TrueFalseExam.draft(questions: 2))
                let student = room.student.student
                let attempt = try await student.startAttempt(examId: exam.id)
                _ = try await student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 1))
                #expect(try await readers() == 0, "the exam itself reads and writes through DATABASE_URL")

                #expect(try await room.faculty.faculty.loadGradeBook(try #require(room.course.id)).map(\.score) == [1])
                #expect(try await readers() == 1, "the grade book was read through DATABASE_READ_URL")
                #expect(try await room.faculty.faculty.examStatistics(exam.id).attempts == 1)
                #expect(try await readers() >= 1)
            }
        }
    }

    @Test
    func aSaveWhoseAnswerWasLostInTheCommitIsRetriedWithItsKeyAndStoredOnce() async throws {
        let folder = TestDatabase.throwawayClusterFolder("syncrep")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cluster = EmbeddedPostgres(
            dataDirectory: folder, database: "examprep", applicationRole: nil,
            settings: ["fsync": "off", "synchronous_standby_names": "ghost", "synchronous_commit": "local"], logger: Self.logger)
        let endpoint = try await cluster.start()
        let database = PostgresConfiguration(
            socketDirectory: endpoint.socketDirectory, port: endpoint.port, user: endpoint.user, database: endpoint.database)
        let admin = PostgresPool(configuration: database, maxConnections: 1, logger: Self.logger)
        do {
            try await admin.whileRunning { admin in
                try await EndToEnd.run(configure: { $0.database = .external(database) }) { server in
                    try await Self.loseTheAnswerOfACommit(server, admin: admin)
                }
            }
        } catch {
            try? await cluster.stop()
            throw error
        }
        try await cluster.stop()
    }

    @MainActor
    static func loseTheAnswerOfACommit(_ server: EndToEnd, admin: PostgresPool) async throws {
        let room = try await Classroom.open(server)
        let exam = try await room.publish(TrueFalseExam.draft(questions: 2, timeLimitMinutes: 60))
        let student = room.student.student
        let queue = student.answers
        let attempt = try await student.startAttempt(examId: exam.id)
        let questions = attempt.questions.map(\.id)
        #expect(try await student.answer(AnswerInput(questionId: questions[0], value: false), in: attempt.attemptId) == .saved)

        // From now on every commit waits for the standby. Once a new session shows the
        // setting, the postmaster has passed it on to every session.
        try await configure(admin, "ALTER SYSTEM SET synchronous_commit = on")
        try await eventually("the setting to be in force") {
            try await admin.query("SHOW synchronous_commit", logger: logger).single().decode(0, as: String.self) == "on"
        }
        let answering = Task { try await student.answer(AnswerInput(questionId: questions[1], value: true), in: attempt.attemptId) }
        var waiting: [Int32] = []
        try await eventually("the save's commit to wait for the standby") {
            waiting = try await waitingForTheStandby(admin)
            return !waiting.isEmpty
        }
        // The primary dies under the waiting commit: the save is committed here, its answer lost.
        for pid in waiting { _ = try await admin.query("SELECT pg_terminate_backend(\(pid))", logger: logger) }
        #expect(try await answering.value == .pending, "a save whose commit got no answer is not reported saved")
        #expect(queue.isOffline)
        let savedEvents =
            "SELECT count(*) FROM attempt_events WHERE attempt_id = \(attempt.attemptId) AND kind = 'saved' AND detail LIKE '%sequence 2'"
        #expect(try await admin.query(PostgresQuery(unsafeSQL: savedEvents), logger: logger).single().decode(0, as: Int.self) == 1)

        // The client sends it again with the same key: the server answers as it did the first
        // time, but its commit, too, waits until the standby holds the save.
        try await eventually("the retry to wait for the standby as well") {
            try await !waitingForTheStandby(admin).filter { !waiting.contains($0) }.isEmpty
        }
        #expect(queue.state(of: questions[1]) == .pending)

        // The standby catches up (here: none is required any more), and the retry is answered.
        try await configure(admin, "ALTER SYSTEM SET synchronous_standby_names = ''")
        try await eventually("the queue to empty") { queue.pendingCount == 0 }
        #expect(queue.state(of: questions[1]) == .saved && !queue.isOffline)
        #expect(
            try await admin.query(PostgresQuery(unsafeSQL: savedEvents), logger: logger).single().decode(0, as: Int.self) == 1,
            "the retry stored nothing a second time")
        let stored = try await student.loadAttempt(attempt.attemptId).answers
        #expect(questions.map { id in stored.first { $0.questionId == id }?.value } == [false, true])
    }
}
