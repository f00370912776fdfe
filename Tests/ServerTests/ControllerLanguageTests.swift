import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// The controllers' refusals and answers reach a Polish reader in Polish: the message changes
/// with the language, the status, the code and the values named in it never do.
@Suite("The controllers' sentences in the caller's language", .hangGuard)
struct ControllerLanguageTests {
    static let polish: HTTPFields = [.acceptLanguage: "pl"]

    @Test("refusals with their values and a name as typed, answers on success, in Polish; the person's setting first")
    func polishReader() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail("lang-b")
            let faculty = try await server.signUp(email, role: .faculty)
            let missing = try await server.send(
                .patch, APIPaths.facultyCourse(987_654), json: UpdateCourseRequest(), token: faculty.token, headers: Self.polish
            ).expect(.notFound)
            #expect(missing.error?.message == "Nie masz kursu nr 987654." && missing.error?.error == .notFound)
            #expect(missing.headers[.contentLanguage] == "pl")
            let english = try await server.send(.patch, APIPaths.facultyCourse(987_654), json: UpdateCourseRequest(), token: faculty.token)
                .expect(.notFound)
            #expect(english.error?.message == "You have no course 987654." && english.error?.error == .notFound)

            // A name a person typed goes into the sentence as it is, combining marks and quotes too.
            for name in ["Algebra \u{301}ą", #"Kurs "x" 'y'"#] {
                _ = try await server.createCourse(name, token: faculty.token)
                let taken = try await server.send(
                    .post, APIPaths.facultyCourses, json: CreateCourseRequest(name: name, description: "About it"), token: faculty.token,
                    headers: Self.polish
                ).expect(.conflict)
                #expect(taken.error?.message == "Masz już kurs o nazwie „\(name)”." && taken.error?.error == .conflict)
            }

            let bearer = try await server.send(.get, APIPaths.me, headers: [.acceptLanguage: "pl", .authorization: "Basic eDp5"])
                .expect(.unauthorized)
            #expect(bearer.error?.message == "Użyj schematu Bearer: Authorization: Bearer <token dostępu>.")
            let method = try await server.send(.delete, APIPaths.enroll, headers: Self.polish).expect(.methodNotAllowed)
            #expect(method.error?.message == "Ta ścieżka obsługuje tylko POST." && method.error?.error == .methodNotAllowed)
            let scope = try await server.send(.post, APIPaths.logout + "?scope=some", token: faculty.token, headers: Self.polish)
                .expect(.badRequest)
            #expect(scope.error?.message == "scope musi mieć wartość 'current' lub 'all'." && scope.error?.error == .validationFailed)

            // An answer on success, said in the person's own setting before Accept-Language.
            let done = try await server.send(.post, APIPaths.logout, token: faculty.token, headers: Self.polish).expect(.ok)
            #expect(try done.decode(SuccessResponse.self).message == "Wylogowano.")
            let set = try await server.login(email)
            try await server.send(.put, APIPaths.meLanguage, token: set.token, body: ByteBuffer(string: #"{"language":"en"}"#)).expect(.ok)
            let everywhere = try await server.send(.post, APIPaths.logout + "?scope=all", token: set.token, headers: Self.polish)
                .expect(.ok)
            #expect(try everywhere.decode(SuccessResponse.self).message == "Logged out everywhere.")
        }
    }
}
