import ExamPrepExams
import ExamPrepPostgres
import ExamPrepRules
import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Issue 35, item 5: the questions of running attempts were kept by counting attempts, not
/// bytes (three attempts drawing large questions held 150 MiB), questions stayed while any
/// attempt was kept, and attempts the sweep submitted were never forgotten.
@Suite("The questions kept for running attempts", .hangGuard)
struct AttemptQuestionCacheTests {
    static func question(id: Int, prompt: String) -> StoredQuestion {
        StoredQuestion(ValidQuestion(kind: .trueFalse, prompt: prompt, points: 1, correctValue: true), id: id)
    }

    /// The budget of the test is 1 MiB (the default is 64): three attempts of 400 kB each.
    @Test func aFewAttemptsOfLargeQuestionsHoldNoMoreThanTheBudget() {
        let cache = AttemptQuestionCache(maxBytes: 1 << 20)
        let large = String(repeating: "x", count: 400 << 10)
        for attempt in 1...3 {
            cache.keep([Self.question(id: attempt, prompt: large + "\(attempt)")], attemptID: attempt)
        }
        // 1.2 MiB of questions do not fit in 1 MiB: the attempt kept first goes.
        #expect(cache.questions(attemptID: 1) == nil)
        #expect(cache.questions(attemptID: 3)?.first?.id == 3)
        #expect(cache.attemptCount == 2)
    }

    @Test func forgettingAnAttemptDropsTheQuestionsNoOtherShows() {
        let cache = AttemptQuestionCache(capacity: 100, maxBytes: 1 << 20)
        let shared = Self.question(id: 1, prompt: "shared")
        cache.keep([shared, Self.question(id: 2, prompt: "only the first")], attemptID: 10)
        cache.keep([shared, Self.question(id: 3, prompt: "only the second")], attemptID: 11)
        #expect(cache.questionCount == 3)
        cache.forget(attemptID: 10)
        #expect(cache.questionCount == 2 && cache.questions(attemptID: 11)?.map(\.id) == [1, 3])
        let before = cache.bytes
        cache.forget(attemptID: 11)
        #expect(cache.questionCount == 0 && cache.bytes == 0 && before > 0)

        // Past the budget, the oldest attempts go until the rest fits; an attempt larger than
        // the whole budget is not kept at all.
        let small = AttemptQuestionCache(capacity: 100, maxBytes: 10_000)
        for attempt in 1...10 { small.keep([Self.question(id: attempt, prompt: String(repeating: "y", count: 2_000))], attemptID: attempt) }
        #expect(small.bytes <= 10_000 && small.attemptIDs == Array(7...10))
        small.keep([Self.question(id: 99, prompt: String(repeating: "z", count: 20_000))], attemptID: 99)
        #expect(small.questions(attemptID: 99) == nil && small.attemptIDs == Array(7...10))
    }

    @Test func questionsAreFoundByIdWithThePointsAsked() {
        let cache = AttemptQuestionCache()
        cache.keep([Self.question(id: 1, prompt: "one"), Self.question(id: 2, prompt: "two")], attemptID: 10)
        #expect(cache.questions(shown: [(2, 5), (1, 3)])?.map(\.prompt) == ["two", "one"])
        #expect(cache.questions(shown: [(2, 5), (1, 3)])?.map(\.points) == [5, 3])
        #expect(cache.questions(shown: [(1, 1), (3, 1)]) == nil, "one not kept: all are read")
        #expect(cache.questions(shown: [])?.isEmpty == true)
    }

    /// A class starting together reads and decodes its exam's own questions once: a start
    /// finds them by id among the running attempts' questions, and reads only those not kept.
    @Test func aStartTakesItsExamsOwnQuestionsFromTheCache() async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            let draft = ExamDraft(
                title: "Own", timeLimitMinutes: 5,
                questions: [QuestionDraft(kind: .trueFalse, prompt: "Read from the database", points: 2, answer: .bool(true))])
            let first = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)
            let second = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)
            let questionID: Int = try await pool.query(
                "SELECT id FROM questions WHERE exam_id = \(first.id) AND is_current"
            ).single().decode("id")
            // As another student's attempt would have kept it (the prompt tells the two apart).
            let cache = AttemptQuestionCache()
            cache.keep([Self.question(id: questionID, prompt: "Kept")], attemptID: -1)
            let attempts = AttemptRepository(pool: pool, questionCache: cache)
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            func start(_ examID: Int) async throws -> StudentAttempt {
                guard
                    case .started(let attempt, _) = try await attempts.start(
                        examID: examID, studentID: me.id, from: .init(sessionID: UUID(), place: AttemptPlaceToken.make()), now: Date(),
                        logger: logger)
                else { throw Unexpected() }
                return attempt
            }
            let kept = try await start(first.id)
            #expect(kept.questions.map(\.prompt) == ["Kept"])
            #expect(kept.questions.map(\.points) == [2], "the exam's points, not the kept copy's")
            #expect(try await start(second.id).questions.map(\.prompt) == ["Read from the database"])
        }
    }

    /// The sweep submits an attempt past its end: its questions are forgotten with it. An
    /// attempt that ended elsewhere (its course deleted) is forgotten by the next sweep.
    @Test func theSweepForgetsWhatItSubmitsAndWhatEndedElsewhere() async throws {
        let clock = TestClock()
        try await TestServer.runWithDatabase(configure: { $0.clock = clock.serverClock }) { server, pool in
            let (faculty, student, course) = try await server.classroom()
            let me = try await server.get(APIPaths.me, token: student.token).decode(UserProfile.self)
            try await server.post(
                APIPaths.courseQuestions(course.id!),
                json: QuestionDraft(kind: .trueFalse, prompt: "Drawn", points: 1, answer: .bool(true), topic: "T"), token: faculty.token
            ).expect(.created)
            let draft = ExamDraft(
                title: "Timed", timeLimitMinutes: 5, questions: [],
                draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "T", count: 1))])
            let exam = try await server.publishedExam(draft, courseID: course.id!, token: faculty.token)

            let cache = AttemptQuestionCache()
            let attempts = AttemptRepository(pool: pool, questionCache: cache)
            let expired = ExpiredAttemptRepository(pool: pool, questionCache: cache)
            var logger = Logger(label: "test")
            logger.logLevel = .critical
            guard
                case .started(let attempt, _) = try await attempts.start(
                    examID: exam.id, studentID: me.id, from: .init(sessionID: UUID(), place: AttemptPlaceToken.make()), now: clock.now,
                    logger: logger)
            else { throw Unexpected() }
            _ = try await attempts.save(
                attemptID: attempt.attemptId, studentID: me.id, answers: [], idempotencyKey: nil, now: clock.now, logger: logger)
            #expect(cache.attemptIDs == [attempt.attemptId])

            clock.advance(by: 6 * 60)
            #expect(try await expired.submitDue(now: clock.now, logger: logger) == 1)
            #expect(cache.attemptCount == 0 && cache.questionCount == 0)

            // Kept again by a replica that has not heard: the next sweep finds it ended.
            cache.keep([Self.question(id: attempt.questions[0].id, prompt: "Drawn")], attemptID: attempt.attemptId)
            #expect(try await expired.forgetEnded(logger: logger) == 1)
            #expect(cache.attemptCount == 0)
        }
    }

    struct Unexpected: Error {}
}
