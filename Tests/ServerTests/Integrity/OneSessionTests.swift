import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Issue 71: with `policy.oneSession`, an attempt belongs to the place that started it (its
/// `X-ExamPrep-Place` token); another place may move it there, which its log keeps; the old
/// place's saves, flags, focus batches and submit then get 409 `conflict`. Bad tokens, another
/// attempt's token and a flood of moves get a 4xx, never a 5xx.
@Suite("One place per attempt", .hangGuard)
struct OneSessionTests {
    static let header = HTTPField.Name(AttemptPlaceToken.header)!
    static let placeA = "place-a-" + String(repeating: "a", count: 24)
    static let placeB = "place-b-" + String(repeating: "b", count: 24)

    static func draft(oneSession: Bool = true) -> ExamDraft {
        var draft = ExamFixtures.everyKind()
        draft.policy = ExamPolicy(oneSession: oneSession)
        return draft
    }

    static func at(_ place: String?) -> HTTPFields {
        place.map { [header: $0] } ?? [:]
    }

    @Test func theOldPlaceGets409AfterAMoveAndTheLogKeepsIt() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let exam = try await server.publishedExam(Self.draft(), courseID: try #require(course.id), token: faculty.token)
            #expect(exam.policy.oneSession)
            let start = APIPaths.examAttempts(exam.id)
            let started = try await server.send(.post, start, token: student.token, headers: Self.at(Self.placeA)).expect(.created)
            #expect(started.headers[Self.header] == Self.placeA)
            let attempt = try started.decode(StudentAttempt.self)
            let answers = ExamFixtures.rightAnswers(attempt.questions)
            let save = APIPaths.attemptAnswers(attempt.attemptId)
            try await server.send(
                .put, save, json: SaveAnswersRequest(answers: [answers[0]]), token: student.token, headers: Self.at(Self.placeA)
            )
            .expect(.ok)
            // Another place resuming is given no token, and may not save: no token, a forged one.
            let resumed = try await server.send(.post, start, token: student.token, headers: Self.at(Self.placeB)).expect(.ok)
            #expect(resumed.headers[Self.header] == nil)
            for place in [nil, Self.placeB, "short", String(repeating: "x", count: 200), "bad token with spaces and é.."] {
                let refused = try await server.send(
                    .put, save, json: SaveAnswersRequest(answers: [answers[1]]), token: student.token, headers: Self.at(place)
                ).expect(.conflict)
                #expect(refused.text.contains("\"conflict\""))
                #expect(refused.text.contains("moved to another tab or app") && refused.text.contains("moved_away"))
            }
            // Place B moves it there; the log keeps the move; place A's save, flag, focus and submit get 409.
            let move = APIPaths.attemptPlace(attempt.attemptId)
            let moved = try await server.send(.post, move, token: student.token, headers: Self.at(Self.placeB)).expect(.ok)
                .decode(AttemptPlace.self)
            #expect(moved.place == Self.placeB && moved.moves == 1)
            try await server.send(
                .put, save, json: SaveAnswersRequest(answers: [answers[1]]), token: student.token, headers: Self.at(Self.placeA)
            )
            .expect(.conflict)
            let flag = APIPaths.attemptFlag(attempt.attemptId, attempt.questions[0].id)
            try await server.send(.put, flag, token: student.token, headers: Self.at(Self.placeA)).expect(.conflict)
            let focus = APIPaths.attemptFocus(attempt.attemptId)
            try await server.send(.post, focus, json: FocusPeriodsRequest(periods: []), token: student.token, headers: Self.at(Self.placeA))
                .expect(.conflict)
            let submit = APIPaths.submitAttempt(attempt.attemptId)
            try await server.send(.post, submit, token: student.token, headers: Self.at(Self.placeA)).expect(.conflict)
            // Reading it is open to any place; the new place saves, flags and submits.
            try await server.send(.get, APIPaths.attempt(attempt.attemptId), token: student.token).expect(.ok)
            try await server.send(
                .put, save, json: SaveAnswersRequest(answers: [answers[1]]), token: student.token, headers: Self.at(Self.placeB)
            )
            .expect(.ok)
            try await server.send(.put, flag, token: student.token, headers: Self.at(Self.placeB)).expect(.ok)
            let events = try await server.get(APIPaths.attemptEvents(attempt.attemptId), token: faculty.token).expect(.ok)
            #expect(events.text.contains("\"moved\""))
            try await server.send(.post, submit, token: student.token, headers: Self.at(Self.placeB)).expect(.ok)
            // A submitted attempt does not move.
            try await server.send(.post, move, token: student.token, headers: Self.at(Self.placeA)).expect(.conflict)
        }
    }

    @Test func movesAreBoundedAndOthersAttemptsRefused() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let exam = try await server.publishedExam(Self.draft(), courseID: courseID, token: faculty.token)
            let attempt = try await server.send(.post, APIPaths.examAttempts(exam.id), token: student.token).expect(.created)
            let token = try #require(attempt.headers[Self.header])
            #expect(AttemptPlaceToken.isValid(token))
            let attemptID = try attempt.decode(StudentAttempt.self).attemptId
            let move = APIPaths.attemptPlace(attemptID)
            // Another student's attempt: 404, with its own token or none.
            let other = try await server.signUp(uniqueEmail("other"), role: .student)
            try await server.send(.post, move, token: other.token, headers: Self.at(token)).expect(.notFound)
            // A hundred moves, then 409; moving to where it is counts nothing.
            for index in 0..<OneSessionRepository.maxMoves {
                let place = index.isMultiple(of: 2) ? Self.placeA : Self.placeB
                try await server.send(.post, move, token: student.token, headers: Self.at(place)).expect(.ok)
            }
            let again = try await server.send(.post, move, token: student.token, headers: Self.at(Self.placeB)).expect(.ok)
                .decode(AttemptPlace.self)
            #expect(again.moves == OneSessionRepository.maxMoves)
            let refused = try await server.send(.post, move, token: student.token, headers: Self.at(Self.placeA)).expect(.conflict)
            #expect(refused.text.contains("\"conflict\""))
            // An exam without the rule: any place saves, nothing to move.
            let plain = try await server.publishedExam(Self.draft(oneSession: false), courseID: courseID, token: faculty.token)
            let free = try await server.send(.post, APIPaths.examAttempts(plain.id), token: student.token, headers: Self.at(Self.placeA))
                .expect(.created)
            #expect(free.headers[Self.header] == nil)
            let freeAttempt = try free.decode(StudentAttempt.self)
            try await server.send(
                .put, APIPaths.attemptAnswers(freeAttempt.attemptId),
                json: SaveAnswersRequest(answers: [ExamFixtures.rightAnswers(freeAttempt.questions)[0]]), token: student.token
            ).expect(.ok)
            try await server.send(.post, APIPaths.attemptPlace(freeAttempt.attemptId), token: student.token).expect(.conflict)
        }
    }

    @Test func tokensHaveAForm() {
        #expect(AttemptPlaceToken.isValid(AttemptPlaceToken.make()))
        #expect(AttemptPlaceToken.make() != AttemptPlaceToken.make())
        for bad in [
            "", "short", String(repeating: "a", count: 129), "a\u{301}" + String(repeating: "a", count: 20),
            "\"" + String(repeating: "a", count: 20),
        ] {
            #expect(!AttemptPlaceToken.isValid(bad))
        }
    }
}
