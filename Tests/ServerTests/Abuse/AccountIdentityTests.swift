import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Hole 9: under the embedded cluster's C locale `lower()` folds ASCII only, so `Ärger@x.de`
/// and `ärger@x.de` (and NFC and NFD spellings) were two accounts, and logging in as one
/// reached the other. The identity is now NFC with full case folding, computed in Swift.
@Suite("Abuse: one account per person", .hangGuard)
struct AccountIdentityTests {
    /// Another spelling of one address.
    enum Respelling: CaseIterable, Sendable {
        case lowerCase, decomposed, sharpS

        var example: String {
            switch self {
            case .lowerCase, .decomposed: "Ärger-\(UUID().uuidString.prefix(6))@example.de"
            case .sharpS: "STRASSE-\(UUID().uuidString.prefix(6))@example.de"
            }
        }

        func apply(_ email: String) -> String {
            switch self {
            case .lowerCase: email.lowercased()
            case .decomposed: email.decomposedStringWithCanonicalMapping
            case .sharpS: email.replacingOccurrences(of: "SS", with: "ß")
            }
        }
    }

    @Test(arguments: Respelling.allCases)
    func spellingsThatDifferOnlyInCaseOrUnicodeFormAreOneAccount(respelling: Respelling) async throws {
        try await TestServer.run { server in
            let email = respelling.example
            try await server.register(email, role: .student).expect(.created)
            let other = respelling.apply(email)
            #expect(Array(other.unicodeScalars) != Array(email.unicodeScalars))
            let again = try await server.register(other, role: .faculty)
            #expect(again.status == .conflict)
            #expect(again.error?.error == .emailTaken)
            let login = try await server.login(other)
            #expect(login.roleId == Role.student.rawValue, "the other spelling logs in to the one account")
        }
    }

    @Test func failuresUnderOneSpellingCountForTheOther() async throws {
        try await TestServer.run(configure: { $0.limits.loginPerAccountAndAddress = RateLimit(maxAttempts: 2, windowSeconds: 900) }) {
            server in
            let email = "Ärger-\(UUID().uuidString.prefix(6))@example.de"
            try await server.register(email, role: .student).expect(.created)
            try await server.post(APIPaths.login, json: LoginRequest(email: email, password: "wrong one")).expect(.badRequest)
            try await server.post(APIPaths.login, json: LoginRequest(email: email.lowercased(), password: "wrong two")).expect(.badRequest)
            try await server.post(APIPaths.login, json: LoginRequest(email: email.decomposedStringWithCanonicalMapping, password: "x"))
                .expect(.tooManyRequests)
        }
    }
}
