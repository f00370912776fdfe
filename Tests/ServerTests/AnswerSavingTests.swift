import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// A save is one statement that writes the answers, the attempt's last save and its log, and
/// one that remembers its idempotency key: what a student's client sees of them.
@Suite("Saving answers: keys, sequences, the log", .hangGuard)
struct AnswerSavingTests {
    /// A save's reply as the first save of its key had it: the server's clock, which each reply
    /// reads anew (the countdown corrects itself by it), left out.
    static func asThen(_ reply: SaveAnswersResponse) -> SaveAnswersResponse {
        SaveAnswersResponse(saved: reply.saved, answers: reply.answers, deadline: reply.deadline)
    }

    @Test func theLastTwentyKeysAreAnsweredAsBeforeAndOlderOnesSaveAgain() async throws {
        let clock = TestClock()
        try await AttemptTests.run(clock: clock) { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let right = ExamFixtures.rightAnswers(attempt.questions)
            let path = APIPaths.attemptAnswers(attempt.attemptId)
            func save(_ answers: [AnswerInput], key: String) async throws -> SaveAnswersResponse {
                clock.advance(by: 1)
                return try await server.send(
                    .put, path, json: SaveAnswersRequest(answers: answers), token: student.token,
                    headers: [.idempotencyKey: key]
                ).expect(.ok).decode(SaveAnswersResponse.self)
            }

            let first = try await save([right[0]], key: "key-0")
            #expect(first.saved == 1 && first.answers.map(\.questionId) == [right[0].questionId])
            var replies: [SaveAnswersResponse] = []
            for index in 1...AttemptStatements.keptSaveKeys {
                replies.append(try await save([right[1]], key: "key-\(index)"))
            }
            #expect(replies.allSatisfy { $0.saved == 2 })

            // The newest and the oldest kept key, repeated with their answers: answered as then,
            // nothing saved (but for the server's clock, which each reply reads anew with the
            // deadline). With other answers the same key is a client's bug: 422, see below.
            let newest = try await save([right[1]], key: "key-\(AttemptStatements.keptSaveKeys)")
            #expect(Self.asThen(newest) == replies.last.map(Self.asThen))
            #expect(newest.serverTime.map { abs($0.timeIntervalSince(clock.now)) < 1 } == true, "the server's clock, to the second")
            #expect(Self.asThen(try await save([right[1]], key: "key-1")) == replies.first.map(Self.asThen))
            let kept = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(kept.answers.map(\.questionId) == [right[0].questionId, right[1].questionId])

            // The 21st key back is forgotten: the save is a new one.
            let again = try await save([right[2]], key: "key-0")
            #expect(again.saved == 3 && again.answers.map(\.questionId) == [right[2].questionId])
        }
    }

    /// The answer a key remembers is what the save stored then, sequences included, however
    /// the answers changed since (the save and its memory travel in one round trip).
    @Test func aRepeatedKeyIsAnsweredWithTheSequencesStoredThen() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let path = APIPaths.attemptAnswers(attempt.attemptId)
            var answers = ExamFixtures.rightAnswers(attempt.questions)
            answers[0].sequence = 5
            answers[1].sequence = 6
            func save(_ answers: [AnswerInput], key: String) async throws -> SaveAnswersResponse {
                try await server.send(
                    .put, path, json: SaveAnswersRequest(answers: answers), token: student.token, headers: [.idempotencyKey: key]
                ).expect(.ok).decode(SaveAnswersResponse.self)
            }
            let first = try await save([answers[0], answers[1]], key: "first")
            let expected = [answers[0], answers[1]].map { SavedAnswer(questionId: $0.questionId, sequence: $0.sequence) }
                .sorted { $0.questionId < $1.questionId }
            #expect(first.saved == 2 && first.answers == expected)
            var newer = answers[0]
            newer.sequence = 9
            #expect(try await save([newer], key: "second").answers == [SavedAnswer(questionId: newer.questionId, sequence: 9)])
            let repeated = try await save([answers[0], answers[1]], key: "first")
            #expect(Self.asThen(repeated) == Self.asThen(first))
        }
    }

    /// Issue 35, item 10: a key sent again with other answers was answered 200 with the first
    /// save's reply, and the new answers were silently dropped. Now 422, and nothing is saved.
    @Test func aKeyReusedWithOtherAnswersIs422AndSavesNothing() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let right = ExamFixtures.rightAnswers(attempt.questions)
            let path = APIPaths.attemptAnswers(attempt.attemptId)
            func save(_ answers: [AnswerInput]) async throws -> TestReply {
                try await server.send(
                    .put, path, json: SaveAnswersRequest(answers: answers), token: student.token, headers: [.idempotencyKey: "batch-1"])
            }
            // Answered as the first time, but for the server's clock, which each reply reads anew.
            let first = try await save([right[0]]).expect(.ok).decode(SaveAnswersResponse.self)
            #expect(Self.asThen(try await save([right[0]]).expect(.ok).decode(SaveAnswersResponse.self)) == Self.asThen(first))
            let reused = try await save([right[1]])
            #expect(reused.status.code == 422, "\(reused.text)")
            #expect(reused.error?.error == "idempotency_key_reused")
            let kept = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(kept.answers.map(\.questionId) == [right[0].questionId])
        }
    }

    @Test func anOlderSequenceChangesNothingAndTheReplySaysWhatIsStored() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(courseID: course.id!, token: faculty.token)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let path = APIPaths.attemptAnswers(attempt.attemptId)
            var newer = ExamFixtures.rightAnswers(attempt.questions)
            var older = ExamFixtures.wrongAnswers(attempt.questions)
            newer[0].sequence = 5
            older[0].sequence = 3
            older[1].sequence = 4

            let first = try await server.send(.put, path, json: SaveAnswersRequest(answers: [newer[0]]), token: student.token)
                .expect(.ok).decode(SaveAnswersResponse.self)
            #expect(first.saved == 1 && first.answers == [SavedAnswer(questionId: newer[0].questionId, sequence: 5)])

            // The late retry of question 0 loses; question 1 is new and is stored.
            let late = try await server.send(.put, path, json: SaveAnswersRequest(answers: [older[0], older[1]]), token: student.token)
                .expect(.ok).decode(SaveAnswersResponse.self)
            #expect(late.saved == 2)
            #expect(
                Set(late.answers) == [
                    SavedAnswer(questionId: newer[0].questionId, sequence: 5), SavedAnswer(questionId: older[1].questionId, sequence: 4),
                ])
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.answers.first { $0.questionId == newer[0].questionId } == newer[0])

            // Clearing an answer keeps its row (and sequence) but not the count.
            var cleared = AnswerInput(questionId: older[1].questionId)
            cleared.sequence = 6
            let afterClearing = try await server.send(.put, path, json: SaveAnswersRequest(answers: [cleared]), token: student.token)
                .expect(.ok).decode(SaveAnswersResponse.self)
            #expect(afterClearing.saved == 1 && afterClearing.answers == [SavedAnswer(questionId: cleared.questionId, sequence: 6)])

            // An empty save stores nothing and says how many answers there are.
            let empty = try await server.send(.put, path, json: SaveAnswersRequest(answers: []), token: student.token)
                .expect(.ok).decode(SaveAnswersResponse.self)
            #expect(empty.saved == 1 && empty.answers.isEmpty)
        }
    }
}
