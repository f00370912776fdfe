import ExamPrepRules
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The validators' refusals reach a Polish reader in Polish: the message changes with the
/// language; the status, the `validation_failed` code, the JSON names of fields and what a
/// person typed never do.
@Suite("The validators' refusals in the caller's language", .hangGuard)
struct ValidationLanguageTests {
    static let polish: HTTPFields = [.acceptLanguage: "pl"]

    /// An exam of one single-choice question with these choice ids and tags.
    static func exam(choiceIDs: [String], tags: [String]? = nil) -> ExamDraft {
        ExamDraft(
            title: "Sprawdzian",
            questions: [
                QuestionDraft(
                    kind: .singleChoice, prompt: "2 + 2 = ?", points: 1, choices: choiceIDs.map { Choice(id: $0, text: "4") },
                    answer: .text(choiceIDs[0]), tags: tags)
            ])
    }

    @Test("a rule, a missing field, a counted limit and a typed value, in Polish and in English")
    func polishReader() async throws {
        try await TestServer.run { server in
            let short = RegistrationRequest(email: uniqueEmail("lang-a"), password: "short", role: .student)
            let english = try await server.send(.post, APIPaths.register, json: short).expect(.badRequest)
            let polish = try await server.send(.post, APIPaths.register, json: short, headers: Self.polish).expect(.badRequest)
            #expect(english.error?.message == "Password must be at least 8 characters.")
            #expect(polish.error?.message == "Hasło musi mieć co najmniej 8 znaków.")
            #expect(english.error?.error == .validationFailed && polish.error?.error == .validationFailed)
            #expect(polish.headers[.contentLanguage] == "pl")

            let faculty = try await server.signUp(uniqueEmail("lang-a"), role: .faculty)
            let course = try await server.createCourse("Języki", token: faculty.token)
            let exams = APIPaths.courseExams(try #require(course.id))
            let untitled = try await server.send(
                .post, exams, token: faculty.token, headers: Self.polish, body: ByteBuffer(string: #"{"questions":[]}"#)
            ).expect(.badRequest)
            #expect(untitled.error?.message == "Pole „title” jest wymagane.")

            let tagged = Self.exam(choiceIDs: ["a", "b"], tags: (1...21).map { "t\($0)" })
            let tags = try await server.send(.post, exams, json: tagged, token: faculty.token, headers: Self.polish)
                .expect(.badRequest)
            #expect(tags.error?.message == "Pole „questions[0].tags” może zawierać najwyżej 20 tagów.")
            #expect(
                try await server.send(.post, exams, json: tagged, token: faculty.token).expect(.badRequest).error?.message
                    == "questions[0].tags may hold at most 20 tags.")

            // An id a person typed is named as it was sent, combining marks and quotes too.
            for id in ["a\u{301}ą", #"x"y'z"#] {
                let twice = Self.exam(choiceIDs: [id, id])
                let refused = try await server.send(.post, exams, json: twice, token: faculty.token, headers: Self.polish)
                    .expect(.badRequest)
                #expect(refused.error?.message == "Identyfikator „\(id)” występuje dwa razy (pole „questions[0].choices[1].id”).")
                #expect(refused.error?.error == .validationFailed)
                #expect(
                    try await server.send(.post, exams, json: twice, token: faculty.token).expect(.badRequest).error?.message
                        == "questions[0].choices[1].id '\(id)' is used twice.")
            }
        }
    }

    @Test("a field's name for a person is said in the reader's language inside the sentence")
    func fieldName() throws {
        let long = String(repeating: "x", count: 201)
        let refused = try #require(throws: InvalidInput.self) {
            try Validators.text(long, field: .message(Message("field.name")), length: 1...200)
        }
        #expect(Catalogue.of(.pl).string(refused.message) == "Pole „Imię i nazwisko” musi mieć od 1 do 200 znaków.")
        #expect(Catalogue.of(.en).string(refused.message) == "The name must be 1 to 200 characters.")
    }
}
