import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// What a client can send to practice and review that the server must refuse with a 4xx and
/// the error envelope naming the field: bad ids, courses the student is not in, sessions of
/// others, answers to questions not in the session or of the wrong shape, counts out of
/// bounds, and a faculty member's selections that make no sense.
@Suite("Practice and review: every refusal a 4xx with the envelope", .hangGuard)
struct PracticeInputTests {
    static func expectRefusal(
        _ reply: TestReply, _ status: HTTPResponse.Status, mentioning words: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        QuestionBankInputTests.expectRefusal(reply, status, mentioning: words, sourceLocation: sourceLocation)
    }

    /// A course whose bank holds one practice question of each of two kinds (topic "Maths").
    static func practiceCourse(_ server: TestServer) async throws -> (faculty: LoginResponse, student: LoginResponse, course: Int) {
        let (faculty, student, course) = try await server.classroom()
        let courseID = try #require(course.id)
        let questions = [
            QuestionDraft(kind: .trueFalse, prompt: "1 + 1 = 2", points: 1, answer: .bool(true), topic: "Maths"),
            QuestionDraft(
                kind: .singleChoice, prompt: "2 + 2?", points: 2, choices: [Choice(id: "a", text: "4"), Choice(id: "b", text: "5")],
                answer: .text("a"), topic: "Maths/Sums"),
        ]
        for question in questions {
            try await server.post(APIPaths.courseQuestions(courseID), json: question, token: faculty.token).expect(.created)
        }
        let marked = try await server.post(
            APIPaths.practiceQuestions(courseID), json: PracticeMarking(topic: "Maths", practice: true), token: faculty.token
        ).expect(.ok).decode(PracticeMarkingResult.self)
        #expect(marked.changed == 2)
        return (faculty, student, courseID)
    }

    @Test func startingPracticeIsRefusedForEachWayItsRequestIsWrong() async throws {
        try await TestServer.run { server in
            let (faculty, student, courseID) = try await Self.practiceCourse(server)
            let path = APIPaths.coursePractice(courseID)

            for count in [0, 51, -1] {
                Self.expectRefusal(
                    try await server.post(path, json: PracticeRequest(count: count), token: student.token), .badRequest,
                    mentioning: "count")
            }
            Self.expectRefusal(
                try await server.post(path, json: PracticeRequest(topic: String(repeating: "t/", count: 11) + "t"), token: student.token),
                .badRequest, mentioning: "topic")
            Self.expectRefusal(
                try await server.post(path, json: PracticeRequest(topic: "a//b"), token: student.token), .badRequest,
                mentioning: "topic")
            Self.expectRefusal(
                try await server.post(path, raw: #"{"count": "ten"}"#, token: student.token), .badRequest, mentioning: "count")
            Self.expectRefusal(try await server.post(path, raw: #"{"onlyMistakes": 1}"#, token: student.token), .badRequest)
            Self.expectRefusal(try await server.post(path, raw: "[", token: student.token), .badRequest)

            // Not a student; not enrolled; no such course; not a number.
            Self.expectRefusal(try await server.post(path, json: PracticeRequest(), token: faculty.token), .forbidden)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .student)
            Self.expectRefusal(try await server.post(path, json: PracticeRequest(), token: stranger.token), .notFound)
            Self.expectRefusal(
                try await server.post(APIPaths.coursePractice(Int(Int32.max)), json: PracticeRequest(), token: student.token), .notFound)
            Self.expectRefusal(try await server.post("/api/students/courses/x/practice", raw: "{}", token: student.token), .badRequest)
            Self.expectRefusal(try await server.post(path, json: PracticeRequest(), token: nil), .unauthorized)

            // An unknown topic is no refusal: nothing to practise.
            let none = try await server.post(path, json: PracticeRequest(topic: "History"), token: student.token)
                .expect(.created).decode(PracticeSession.self)
            #expect(none.questions.isEmpty)
            // No body at all: the whole course, default count.
            let all = try await server.send(.post, path, token: student.token).expect(.created).decode(PracticeSession.self)
            #expect(all.questions.count == 2)
        }
    }

    @Test func practiceAnswersAreRefusedForEachWayTheyAreWrong() async throws {
        try await TestServer.run { server in
            let (_, student, courseID) = try await Self.practiceCourse(server)
            let session = try await server.post(APIPaths.coursePractice(courseID), json: PracticeRequest(), token: student.token)
                .expect(.created).decode(PracticeSession.self)
            let path = APIPaths.practiceAnswers(session.practiceId)
            let trueFalse = try #require(session.questions.first { $0.kind == .trueFalse })
            let choice = try #require(session.questions.first { $0.kind == .singleChoice })

            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: trueFalse.id), token: student.token), .badRequest,
                mentioning: "empty")
            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: trueFalse.id, text: "yes"), token: student.token),
                .badRequest, mentioning: "value")
            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: trueFalse.id, value: true, text: "x"), token: student.token),
                .badRequest, mentioning: "value")
            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: choice.id, choiceIds: ["z"]), token: student.token),
                .badRequest, mentioning: "choiceIds")
            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: choice.id, choiceIds: ["a", "b"]), token: student.token),
                .badRequest, mentioning: "choiceIds")
            Self.expectRefusal(
                try await server.post(
                    path, raw: #"{"questionId": \#(trueFalse.id), "value": true, "answerSeconds": 1e400}"#, token: student.token),
                .badRequest)
            for seconds in ["-1", "\"soon\""] {
                Self.expectRefusal(
                    try await server.post(
                        path, raw: #"{"questionId": \#(trueFalse.id), "value": true, "answerSeconds": \#(seconds)}"#, token: student.token),
                    .badRequest, mentioning: "answerSeconds")
            }
            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: 987_654, value: true), token: student.token), .badRequest,
                mentioning: "questionId")
            Self.expectRefusal(
                try await server.post(path, raw: #"{"value": true}"#, token: student.token), .badRequest, mentioning: "questionId")

            // Another student's session, a session that does not exist, a bad id.
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .student)
            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: trueFalse.id, value: true), token: stranger.token), .notFound)
            Self.expectRefusal(
                try await server.post(
                    APIPaths.practiceAnswers(Int(Int32.max)), json: PracticeAnswer(questionId: trueFalse.id, value: true),
                    token: student.token), .notFound)
            Self.expectRefusal(try await server.post("/api/students/practice/0x1/answers", raw: "{}", token: student.token), .badRequest)

            // None of that was recorded: the first real answer is taken, a second one is 409.
            try await server.post(path, json: PracticeAnswer(questionId: trueFalse.id, value: true), token: student.token).expect(.ok)
            Self.expectRefusal(
                try await server.post(path, json: PracticeAnswer(questionId: trueFalse.id, value: false), token: student.token),
                .conflict)
        }
    }

    @Test func listsAndMarkingAreRefusedForEachWayTheirRequestIsWrong() async throws {
        try await TestServer.run { server in
            let (faculty, student, courseID) = try await Self.practiceCourse(server)
            for path in [APIPaths.reviewDue, APIPaths.mistakes] {
                Self.expectRefusal(try await server.get(path + "?courseId=abc", token: student.token), .badRequest, mentioning: "courseId")
                Self.expectRefusal(try await server.get(path + "?courseId=0", token: student.token), .badRequest, mentioning: "courseId")
                Self.expectRefusal(try await server.get(path + "?limit=0", token: student.token), .badRequest, mentioning: "limit")
                Self.expectRefusal(try await server.get(path + "?limit=201", token: student.token), .badRequest, mentioning: "limit")
                Self.expectRefusal(try await server.get(path + "?cursor=made-up", token: student.token), .badRequest, mentioning: "cursor")
                Self.expectRefusal(try await server.get(path + "?courseId=\(Int32.max)", token: student.token), .notFound)
                Self.expectRefusal(try await server.get(path, token: faculty.token), .forbidden)
                try await server.get(path + "?courseId=\(courseID)", token: student.token).expect(.ok)
            }

            let marking = APIPaths.practiceQuestions(courseID)
            Self.expectRefusal(
                try await server.post(marking, json: PracticeMarking(topic: "a//b", practice: true), token: faculty.token), .badRequest,
                mentioning: "topic")
            Self.expectRefusal(
                try await server.post(
                    marking, json: PracticeMarking(tags: [String(repeating: "t", count: 51)], practice: true), token: faculty.token),
                .badRequest, mentioning: "tags")
            Self.expectRefusal(
                try await server.post(marking, json: PracticeMarking(questionIds: [0], practice: true), token: faculty.token), .badRequest,
                mentioning: "questionIds")
            Self.expectRefusal(
                try await server.post(marking, json: PracticeMarking(questionIds: Array(1...501), practice: true), token: faculty.token),
                .badRequest, mentioning: "questionIds")
            Self.expectRefusal(
                try await server.post(marking, raw: #"{"topic": "Maths"}"#, token: faculty.token), .badRequest, mentioning: "practice")
            Self.expectRefusal(try await server.post(marking, json: PracticeMarking(practice: true), token: student.token), .forbidden)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .faculty)
            Self.expectRefusal(try await server.post(marking, json: PracticeMarking(practice: true), token: stranger.token), .notFound)
            // Already open: nothing changes.
            let again = try await server.post(marking, json: PracticeMarking(practice: true), token: faculty.token).expect(.ok)
                .decode(PracticeMarkingResult.self)
            #expect(again.changed == 0)
        }
    }
}
