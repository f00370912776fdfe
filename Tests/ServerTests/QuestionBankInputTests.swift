import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// What a client can send to a question bank that the server must refuse with a 4xx and the
/// error envelope: the wrong media type, unknown formats and flags, files that are empty or not
/// UTF-8, questions that could not be graded, another teacher's bank, and draws the bank cannot
/// fill.
@Suite("Question banks: every refusal a 4xx with the envelope", .hangGuard)
struct QuestionBankInputTests {
    static let gift = "::One::1 + 1 = 2 {T}\n\n::Two::Capital of Peru? {=Lima ~Cusco}\n"

    static func expectRefusal(
        _ reply: TestReply, _ status: HTTPResponse.Status, mentioning words: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(reply.status == status, "\(reply.status.code) \(reply.text)", sourceLocation: sourceLocation)
        let envelope = reply.error
        #expect(envelope != nil, "no error envelope: \(reply.text)", sourceLocation: sourceLocation)
        if let words {
            #expect(envelope?.message.contains(words) == true, "\(reply.text)", sourceLocation: sourceLocation)
        }
    }

    func importFile(
        _ server: TestServer, course: Int, _ body: ByteBuffer?, query: String = "", contentType: String? = "text/plain; charset=utf-8",
        token: String
    ) async throws -> TestReply {
        var headers: HTTPFields = [:]
        if let contentType { headers[.contentType] = contentType }
        return try await server.send(.post, APIPaths.importQuestions(course) + query, token: token, headers: headers, body: body)
    }

    @Test func onlyTheImportRouteTakesText() {
        #expect(JSONBodyMiddleware<AppRequestContext>.takesText("/api/faculty/courses/12/questions/import"))
        #expect(!JSONBodyMiddleware<AppRequestContext>.takesText("/api/faculty/courses/12/questions"))
        #expect(!JSONBodyMiddleware<AppRequestContext>.takesText("/api/faculty/courses/12/exams/import"))
        #expect(!JSONBodyMiddleware<AppRequestContext>.takesText("/api/faculty/courses/12/questions/import/x"))
    }

    @Test func anImportIsRefusedForEachWayItsRequestIsWrong() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let file = ByteBuffer(string: Self.gift)

            Self.expectRefusal(
                try await importFile(server, course: courseID, file, contentType: "application/json", token: faculty.token),
                .unsupportedMediaType, mentioning: "text/plain")
            Self.expectRefusal(
                try await importFile(server, course: courseID, nil, contentType: nil, token: faculty.token), .unsupportedMediaType)
            Self.expectRefusal(
                try await importFile(server, course: courseID, file, query: "?format=xml", token: faculty.token), .badRequest,
                mentioning: "format")
            Self.expectRefusal(
                try await importFile(server, course: courseID, file, query: "?dryRun=yes", token: faculty.token), .badRequest,
                mentioning: "dryRun")
            Self.expectRefusal(
                try await importFile(server, course: courseID, ByteBuffer(string: " \n\t"), token: faculty.token), .badRequest,
                mentioning: "empty")
            Self.expectRefusal(
                try await importFile(
                    server, course: courseID, ByteBuffer(bytes: [0x3A, 0x3A, 0xFF, 0xFE, 0x7B, 0x54, 0x7D]), token: faculty.token),
                .badRequest, mentioning: "UTF-8")
            Self.expectRefusal(
                try await importFile(
                    server, course: courseID, ByteBuffer(repeating: UInt8(ascii: "a"), count: APILimits.maxBodyBytes + 1),
                    token: faculty.token),
                .contentTooLarge)

            // A student, another teacher, a course that does not exist.
            Self.expectRefusal(try await importFile(server, course: courseID, file, token: student.token), .forbidden)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .faculty)
            Self.expectRefusal(try await importFile(server, course: courseID, file, token: stranger.token), .notFound)
            Self.expectRefusal(
                try await importFile(server, course: courseID, file, query: "?dryRun=true", token: stranger.token), .notFound)
            Self.expectRefusal(try await importFile(server, course: Int(Int32.max), file, token: faculty.token), .notFound)

            // Export: GIFT only; another teacher's bank is not found.
            Self.expectRefusal(
                try await server.get(APIPaths.exportQuestions(courseID) + "?format=aiken", token: faculty.token), .badRequest,
                mentioning: "gift")
            Self.expectRefusal(try await server.get(APIPaths.exportQuestions(courseID), token: stranger.token), .notFound)
            Self.expectRefusal(
                try await server.get(
                    APIPaths.courseQuestions(courseID) + "?topic=" + String(repeating: "a/", count: 11) + "a", token: faculty.token),
                .badRequest, mentioning: "topic")

            // Nothing of all this was imported.
            let listed = try await server.get(APIPaths.courseQuestions(courseID), token: faculty.token).expect(.ok).decode([Question].self)
            #expect(listed.isEmpty)
            try await importFile(server, course: courseID, file, token: faculty.token).expect(.created)
        }
    }

    @Test func questionsThatCouldNotBeGradedAreRefused() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let path = APIPaths.courseQuestions(try #require(course.id))
            let two = [Choice(id: "a", text: "A"), Choice(id: "b", text: "B")]
            let refused: [(QuestionDraft, String)] = [
                (
                    QuestionDraft(
                        kind: .singleChoice, prompt: "p", points: 1, choices: [Choice(id: "a", text: "A", weight: 101), two[1]],
                        answer: .text("a")), "weight"
                ),
                (
                    QuestionDraft(
                        kind: .multipleChoice, prompt: "p", points: 1,
                        choices: [Choice(id: "a", text: "A", weight: -100), Choice(id: "b", text: "B", weight: -50)], answer: .texts(["a"])),
                    "weight"
                ),
                (QuestionDraft(kind: .numerical, prompt: "p", points: 1, answer: .numbers([])), "answer"),
                (
                    QuestionDraft(kind: .numerical, prompt: "p", points: 1, answer: .numbers([NumericalAnswer(value: 1, tolerance: -1)])),
                    "tolerance"
                ),
                (
                    QuestionDraft(kind: .numerical, prompt: "p", points: 1, answer: .numbers([NumericalAnswer(value: 1, min: 5, max: 1)])),
                    "min"
                ),
                (
                    QuestionDraft(kind: .numerical, prompt: "p", points: 1, choices: two, answer: .numbers([NumericalAnswer(value: 1)])),
                    "choices"
                ),
                (QuestionDraft(kind: .matching, prompt: "p", points: 1, items: two, options: two, answer: .matches(["a": "z"])), "answer"),
                (QuestionDraft(kind: .matching, prompt: "p", points: 1, items: two, answer: .matches(["a": "a", "b": "b"])), "options"),
                (QuestionDraft(kind: .matching, prompt: "p", points: 1, items: two, options: two, answer: .matches(["a": "a"])), "answer"),
                (
                    QuestionDraft(kind: .shortAnswer, prompt: "p", points: 1, answer: .weightedTexts([TextAnswer(text: "x", weight: 0)])),
                    "answer"
                ),
                (QuestionDraft(kind: .trueFalse, prompt: "p", points: 1, items: two, answer: .bool(true)), "items"),
                (
                    QuestionDraft(
                        kind: .trueFalse, prompt: "p", points: 1, answer: .bool(true), topic: String(repeating: "t/", count: 10) + "t"),
                    "topic"
                ),
                (QuestionDraft(kind: .trueFalse, prompt: "p", points: 1, answer: .bool(true), tags: (0...20).map { "t\($0)" }), "tags"),
                (
                    QuestionDraft(kind: .trueFalse, prompt: "p", points: 1, answer: .bool(true), tags: [String(repeating: "t", count: 51)]),
                    "tags"
                ),
                (
                    QuestionDraft(kind: .trueFalse, prompt: "p", points: 1, answer: .bool(true), name: String(repeating: "n", count: 256)),
                    "name"
                ),
                (
                    QuestionDraft(
                        kind: .trueFalse, prompt: "p", points: 1, answer: .bool(true), generalFeedback: String(repeating: "f", count: 5001)),
                    "generalFeedback"
                ),
            ]
            for (draft, field) in refused {
                Self.expectRefusal(try await server.post(path, json: draft, token: faculty.token), .badRequest, mentioning: field)
            }
            let listed = try await server.get(path, token: faculty.token).expect(.ok).decode([Question].self)
            #expect(listed.isEmpty)
        }
    }

    @Test func drawsTheBankCannotFillAndQuestionsThatBelongToAnExam() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let question = QuestionDraft(kind: .trueFalse, prompt: "In the bank.", points: 1, answer: .bool(true), topic: "Bank")
            let banked = try await server.post(APIPaths.courseQuestions(courseID), json: question, token: faculty.token)
                .expect(.created).decode(Question.self)

            for count in [0, 201] {
                let draft = ExamDraft(
                    title: "Draws", questions: [], draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Bank", count: count))])
                Self.expectRefusal(
                    try await server.post(APIPaths.courseExams(courseID), json: draft, token: faculty.token), .badRequest,
                    mentioning: "count")
            }
            // Two asked for, one in the bank: the exam is written, and cannot be published.
            let short = try await server.createExam(
                ExamDraft(title: "Short", questions: [], draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Bank", count: 2))]),
                courseID: courseID, token: faculty.token)
            Self.expectRefusal(try await server.send(.post, APIPaths.publishExam(short.id), token: faculty.token), .conflict)

            // A published exam whose bank was emptied has nothing to draw: 409, not an empty attempt.
            let one = try await server.publishedExam(
                ExamDraft(title: "One", questions: [], draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Bank", count: 1))]),
                courseID: courseID, token: faculty.token)
            try await server.delete(APIPaths.facultyQuestion(banked.id), token: faculty.token).expect(.ok)
            Self.expectRefusal(try await server.startAttempt(one.id, token: student.token), .conflict)

            // An exam's own question is the exam's: not deleted through the bank.
            let own = try await server.createExam(ExamFixtures.everyKind(), courseID: courseID, token: faculty.token)
            let ownQuestion = try #require(own.questions.first)
            Self.expectRefusal(try await server.delete(APIPaths.facultyQuestion(ownQuestion.id), token: faculty.token), .conflict)

            // Regrade: a mode that does not exist; a question that is not yours.
            Self.expectRefusal(
                try await server.post(
                    APIPaths.regradeQuestion(ownQuestion.id), raw: #"{"mode": "everyone", "dryRun": true}"#, token: faculty.token),
                .badRequest)
            let stranger = try await server.signUp(uniqueEmail("stranger"), role: .faculty)
            for path in [APIPaths.facultyQuestion(ownQuestion.id), APIPaths.facultyQuestion(Int(Int32.max))] {
                Self.expectRefusal(try await server.get(path, token: stranger.token), .notFound)
                Self.expectRefusal(try await server.delete(path, token: stranger.token), .notFound)
                Self.expectRefusal(try await server.send(.put, path, json: question, token: stranger.token), .notFound)
            }
            Self.expectRefusal(
                try await server.post(
                    APIPaths.regradeQuestion(ownQuestion.id), json: RegradeRequest(mode: .fullCredit, dryRun: false), token: stranger.token),
                .notFound)
        }
    }
}
