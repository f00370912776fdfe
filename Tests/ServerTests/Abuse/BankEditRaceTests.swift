import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Synchronization
import Testing

@testable import ExamPrepServer

/// Issue 35, item 8: an edit of a bank question that committed between an attempt's draw and
/// its recording deleted the drawn row, and the start failed on the foreign key (a 500; 273 of
/// 1,080 starts in a race); two edits of one question at once gave the second a 404. The test
/// makes each race happen every time by holding, from a connection of its own, the lock the
/// first party needs next, until the second party has come as far as it can.
@Suite("Abuse: bank edits racing starts and each other", .timeLimit(.minutes(4)))
struct BankEditRaceTests {
    static let logger = quietLogger("examprep.test.race", level: .critical)

    /// Waits until `condition` holds, polling the database.
    static func waitUntil(_ what: String, _ condition: () async throws -> Bool) async throws {
        try await eventually(what, every: .milliseconds(20), condition)
    }

    /// Sessions of this test's own database waiting for a lock. `pg_locks` would also count the
    /// waits of the tests running beside this one on the same PostgreSQL (a transaction id lock
    /// names no database), and the race would be let go before it was set up.
    static func waitingLocks(_ pool: PostgresPool) async throws -> Int {
        try await pool.query(
            "SELECT count(*) AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
            logger: logger
        ).single().decode("waiting")
    }

    final class Done: Sendable {
        let flag = Atomic(false)
    }

    @Test func anEditBetweenAnAttemptsDrawAndItsRecordingNeverFailsTheStart() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let question = QuestionDraft(kind: .trueFalse, prompt: "Before", points: 1, answer: .bool(true), topic: "T")
            let created = try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: faculty.token)
                .expect(.created).decode(Question.self)
            let draft = ExamDraft(
                title: "Drawn", questions: [], draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "T", count: 1))])
            let exam = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)

            var after = question
            after.prompt = "After"
            let edited = after
            let editDone = Done()
            let (start, edit) = try await pool.transaction(logger: Self.logger) { blocker in
                // The start draws, then waits here to record its attempt.
                try await blocker.execute("LOCK TABLE attempts IN SHARE MODE")
                let start = Task { try await server.startAttempt(exam.id, token: student.token) }
                try await Self.waitUntil("the start waits") { try await Self.waitingLocks(pool) >= 1 }
                let edit = Task {
                    defer { editDone.flag.store(true, ordering: .sequentiallyConsistent) }
                    return try await server.send(.put, APIPaths.facultyQuestion(created.id), json: edited, token: faculty.token)
                }
                // The edit either finishes (it could delete the drawn row) or waits for the start.
                try await Self.waitUntil("the edit is done or waits") {
                    if editDone.flag.load(ordering: .sequentiallyConsistent) { return true }
                    return try await Self.waitingLocks(pool) >= 2
                }
                return (start, edit)
            }
            let started = try await start.value
            #expect(started.status == .created, "\(started.text)")
            let replaced = try await edit.value
            #expect(replaced.status == .ok, "\(replaced.text)")
            // The attempt keeps what it drew; the edit became a new version.
            let attempt = try started.decode(StudentAttempt.self)
            #expect(attempt.questions.map(\.prompt) == ["Before"])
            #expect(try replaced.decode(Question.self).version == 2)
        }
    }

    @Test func twoEditsOfOneQuestionAtOnceBothSucceed() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, _, course) = try await server.classroom()
            let question = QuestionDraft(kind: .trueFalse, prompt: "First", points: 1, answer: .bool(true), topic: "T")
            let created = try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: faculty.token)
                .expect(.created).decode(Question.self)
            let edits = try await pool.transaction(logger: Self.logger) { blocker in
                try await blocker.execute("SELECT id FROM questions WHERE family_id = \(created.id) AND is_current FOR UPDATE")
                let edits = ["Second", "Third"].map { prompt in
                    var draft = question
                    draft.prompt = prompt
                    let edited = draft
                    return Task { try await server.send(.put, APIPaths.facultyQuestion(created.id), json: edited, token: faculty.token) }
                }
                try await Self.waitUntil("both edits wait") { try await Self.waitingLocks(pool) >= 2 }
                return edits
            }
            for edit in edits {
                let reply = try await edit.value
                #expect(reply.status == .ok, "\(reply.text)")
            }
            let now = try await server.get(APIPaths.facultyQuestion(created.id), token: faculty.token).expect(.ok).decode(Question.self)
            #expect(["Second", "Third"].contains(now.prompt))
        }
    }
}
