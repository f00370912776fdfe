import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The API's error `message` is said in the caller's language (the person's setting, then
/// `Accept-Language`, then `DEFAULT_LANGUAGE`); its `error` code and `reason` never change.
@Suite("The API's messages in the caller's language", .hangGuard)
struct APIMessageLanguageTests {
    @Test("Accept-Language chooses the message; the code, the reason and the status stay")
    func acceptLanguage() async throws {
        try await TestServer.run { server in
            let body = ByteBuffer(string: #"{"email":"nobody@example.com","password":"wrong password here"}"#)
            let english = try await server.send(.post, APIPaths.login, body: body).expect(.badRequest)
            let polish = try await server.send(.post, APIPaths.login, headers: [.acceptLanguage: "pl-PL, en;q=0.5"], body: body)
                .expect(.badRequest)
            #expect(english.error?.message == "Email or password is incorrect.")
            #expect(polish.error?.message == "Nieprawidłowy adres e-mail lub hasło.")
            #expect(english.error?.error == polish.error?.error && polish.error?.error == .invalidCredentials)
            #expect(polish.headers[.contentLanguage] == "pl" && english.headers[.contentLanguage] == "en")

            let route = try await server.send(.get, "/api/no-such-thing", headers: [.acceptLanguage: "pl"]).expect(.notFound)
            #expect(route.error?.message == "Nie ma takiej ścieżki." && route.error?.error == .notFound)
            let token = try await server.send(.get, APIPaths.me, headers: [.acceptLanguage: "pl"]).expect(.unauthorized)
            #expect(token.error?.message == "Wymagany jest token (Bearer).")
            // A reason our own types give while the body is read is said in the language too.
            let role = ByteBuffer(string: #"{"email":"a@b.co","password":"long enough pw","roleId":4}"#)
            let roleEnglish = try await server.send(.post, APIPaths.register, body: role).expect(.badRequest)
            let rolePolish = try await server.send(.post, APIPaths.register, headers: [.acceptLanguage: "pl"], body: role).expect(
                .badRequest)
            #expect(roleEnglish.error?.message.contains("unknown role id 4") == true, "\(roleEnglish.text)")
            #expect(rolePolish.error?.message.contains("nieznany identyfikator roli 4") == true, "\(rolePolish.text)")
            #expect(rolePolish.error?.error == .validationFailed)
            for header in ["", "de", "*;q=0", "ą\u{301}\"'", String(repeating: "pl,", count: 2000)] {
                let reply = try await server.send(.get, APIPaths.me, headers: [.acceptLanguage: header]).expect(.unauthorized)
                #expect(reply.error?.message == "A bearer token is required.", "Accept-Language \(header.prefix(12))")
            }
        }
    }

    @Test("a person's own setting comes before Accept-Language; a start refused says why in it, with its reason")
    func personSetting() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("lang-api")
            try await server.register(email, role: .student).expect(.created)
            let student = try await server.login(email)
            try await server.send(.put, APIPaths.meLanguage, token: student.token, body: ByteBuffer(string: #"{"language":"pl"}"#))
                .expect(.ok)
            let missing = try await server.send(
                .post, APIPaths.examAttempts(987_654), token: student.token, headers: [.acceptLanguage: "en"]
            ).expect(.notFound)
            #expect(missing.error?.message == "Egzamin 987654 nie jest dla Ciebie dostępny.")
            #expect(missing.error?.error == .notFound)
        }
    }

    @Test("a teacher's class list and GIFT file say what they left out in the teacher's language")
    func reportsSayWhy() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail("nauczyciel"), role: .faculty)
            let courseID = try #require(try await server.createCourse("Fizyka \"1a\"\(FuzzText.combining)", token: faculty.token).id)
            let csv = "email,name\r\nnot-an-address,Ala\r\n\(uniqueEmail("ok")),\"Żółć \"\"Z\"\"\"\r\n"
            let list = try await server.send(
                .post, APIPaths.classListImport(courseID) + "?dryRun=true", token: faculty.token,
                headers: [.acceptLanguage: "pl", .contentType: "text/csv"], body: ByteBuffer(string: csv)
            ).expect(.ok).decode(ClassListImport.self)
            let rejection = try #require(list.rejected.first)
            #expect(rejection.line == 2 && rejection.why == nil, "the key is never sent")
            #expect(
                !rejection.reason.isEmpty && rejection.reason == Catalogue.of(.pl).string(Message("validation.email-invalid")),
                "\(rejection)")

            let gift = "::Q1:: 2+2 = {=4 ~3}\n\n::Q2:: Empty choice {=a ~}\n"
            let english = try await server.send(
                .post, APIPaths.importQuestions(courseID) + "?dryRun=true", token: faculty.token, headers: [.contentType: "text/plain"],
                body: ByteBuffer(string: gift)
            ).expect(.ok).decode(QuestionImportReport.self)
            let read = try await server.send(
                .post, APIPaths.importQuestions(courseID) + "?dryRun=true", token: faculty.token,
                headers: [.acceptLanguage: "pl", .contentType: "text/plain"], body: ByteBuffer(string: gift)
            ).expect(.ok).decode(QuestionImportReport.self)
            #expect(read.imported == 1 && read.skipped.count == 1 && english.skipped.count == 1)
            #expect(read.skipped.first?.reason != english.skipped.first?.reason, "\(read.skipped) \(english.skipped)")
        }
    }
}
