import ExamPrepExams
import ExamPrepPostgres
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// A running attempt is read in one round trip (`AttemptRepository.running`); every other
/// attempt the long way. A student must see the same attempt either way: the same questions
/// under the same aliases, the same answers with their sequences, the same flags.
@Suite("Reading a student's attempt", .hangGuard)
struct AttemptReaderTests {
    static let logger = quietLogger("attempt-reader-test", level: .critical)

    @Test func theShortReadShowsWhatTheLongReadShows() async throws {
        let clock = TestClock()
        try await TestServer.runWithDatabase(configure: { $0.clock = clock.serverClock }) { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            let exam = try await server.publishedExam(
                ExamFixtures.everyKind(timeLimitMinutes: 30), courseID: course.id!, token: faculty.token)
            let started = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let answers = Array(ExamFixtures.rightAnswers(started.questions).prefix(3)).enumerated().map { index, answer in
                var answer = answer
                answer.sequence = index + 7
                return answer
            }
            try await server.send(
                .put, APIPaths.attemptAnswers(started.attemptId), json: SaveAnswersRequest(answers: answers), token: student.token
            ).expect(.ok)
            let flagged = started.questions[started.questions.count - 1].id
            try await server.send(.put, APIPaths.attemptFlag(started.attemptId, flagged), token: student.token).expect(.ok)

            // A new cache, as after a restart: the first read goes the long way and keeps the
            // questions; the second is the short one.
            let cache = AttemptQuestionCache()
            let attempts = AttemptRepository(pool: pool, questionCache: cache)
            let reader = AttemptReader(
                attempts: attempts, expired: ExpiredAttemptRepository(pool: pool, questionCache: cache),
                flags: AttemptFlagRepository(pool: pool, questionCache: cache))
            let id = started.attemptId
            guard case .other = try await attempts.running(attemptID: id, studentID: me.id, now: clock.now, logger: Self.logger) else {
                Issue.record("read the short way without its questions in memory")
                return
            }
            let long = try #require(try await reader.read(attemptID: id, studentID: me.id, now: clock.now, logger: Self.logger))
            guard
                case .running(let short, let shortFlags, let integrity) = try await attempts.running(
                    attemptID: id, studentID: me.id, now: clock.now, logger: Self.logger)
            else {
                Issue.record("a running attempt with its questions in memory was not read the short way")
                return
            }
            #expect(short == long.attempt)
            #expect(shortFlags == long.flagged)
            // The question page takes the exam's rules from the short read instead of a statement of their own.
            let rules = try await IntegrityRepository(pool: pool, questionCache: cache).rules(.attempt(id), logger: Self.logger)
            #expect(integrity == rules && long.integrity == nil)
            #expect(shortFlags == [flagged])
            #expect(short.answers.map(\.sequence) == [7, 8, 9])
            #expect(short.questions.map(\.id) == started.questions.map(\.id))

            // Someone else's attempt is not found either way.
            let other = try await server.signUp(uniqueEmail("other"), role: .student)
            let otherMe = try await server.get(APIPaths.me, token: other.token).decode(UserProfile.self)
            #expect(try await reader.read(attemptID: id, studentID: otherMe.id, now: clock.now, logger: Self.logger) == nil)

            // Past its end the read submits it with what was saved, and shows no flags.
            clock.advance(by: 31 * 60)
            let ended = try #require(try await reader.read(attemptID: id, studentID: me.id, now: clock.now, logger: Self.logger))
            #expect(ended.attempt.submittedAt != nil)
            #expect(ended.attempt.answers.count == 3)
            #expect(ended.flagged.isEmpty)
        }
    }

    /// A start answers with what it drew and wrote, without reading it back: a read from the
    /// stored rows alone (a new cache, as after a restart) must show the same attempt.
    @Test func aNewAttemptShowsWhatItsStoredRowsShow() async throws {
        let clock = TestClock()
        try await TestServer.runWithDatabase(configure: { $0.clock = clock.serverClock }) { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            var draft = ExamFixtures.everyKind(timeLimitMinutes: 30)
            draft.policy?.shuffleQuestions = true
            draft.policy?.shuffleChoices = true
            let exam = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)
            let started = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)

            let cache = AttemptQuestionCache()
            let read = try #require(
                try await AttemptRepository(pool: pool, questionCache: cache).attempt(
                    id: started.attemptId, studentID: me.id, now: clock.now, logger: Self.logger))
            #expect(read.questions == started.questions, "the same questions, in the same order, with their choices in the same order")
            #expect(read.questions.count == exam.questions.count)
            #expect(read.answers.isEmpty && started.answers.isEmpty)
            #expect(read.number == started.number && read.title == started.title && read.submittedAt == nil)
            #expect(read.timeLimitMinutes == started.timeLimitMinutes && read.graceSeconds == started.graceSeconds)
            let log = try await pool.query("SELECT kind FROM attempt_events WHERE attempt_id = \(started.attemptId)")
            #expect(try log.map { try $0.decode("kind", as: String.self) } == ["started"])
        }
    }
}
