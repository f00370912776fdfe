import ExamPrepServerTestSupport
import ExamPrepShared
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// What the tests of the sign-in with the school's accounts share: a server pointed at the tests'
/// OpenID provider (with an admin, `TestServer.runWithAdmin`), and a browser that clicks the button.
enum SchoolSignInSupport {
    static let domain = "school.example"

    static func schoolEmail(_ prefix: String = "pupil") -> String {
        "\(prefix)-\(UUID().uuidString.prefix(8).lowercased())@\(domain)"
    }

    /// A server (with an admin) whose `OIDC_…` settings name a provider of the tests' own.
    static func run<Value: Sendable>(
        tenants: [String] = [], logLines: CapturingLogHandler.Lines? = nil,
        configure: @escaping (inout AppConfiguration) -> Void = { _ in },
        _ body: @escaping @Sendable (TestServer, LoginResponse, TestOpenIDProvider) async throws -> Value
    ) async throws -> Value {
        try await TestOpenIDProvider.with { provider in
            try await TestServer.runWithAdmin(
                configure: { configuration in
                    configuration.schoolSignIn = provider.settings(domains: [domain], tenants: tenants)
                    if logLines != nil { configuration.logLevel = .info }
                    configure(&configuration)
                }, logger: logLines.map { lines in Logger(label: "test") { _ in CapturingLogHandler(lines: lines) } }
            ) { server, admin, _ in
                try await body(server, admin, provider)
            }
        }
    }

    /// A teacher's class list makes `email`'s account (no password) in a new course; returns
    /// the teacher and the course.
    static func classListStudent(_ email: String, server: TestServer, admin: LoginResponse) async throws -> (LoginResponse, Course) {
        let teacher = try await server.invitedFaculty(admin: admin)
        let course = try await server.createCourse("Biology", token: teacher.token)
        let courseID = try #require(course.id)
        try await ClassListConsentTests.importList(server, course: courseID, "email\n\(email)\n", token: teacher.token).expect(.created)
        return (teacher, course)
    }
}

extension TestBrowser {
    /// Clicks the school button (`GET /auth/oidc/start`), lets the provider answer, and returns
    /// the callback's reply (the provider signs in whom `TestOpenIDProvider.signIn` named).
    mutating func signInWithSchool(_ provider: TestOpenIDProvider, next: String? = nil) async throws -> TestReply {
        let start = try await get("/auth/oidc/start" + (next.map { "?next=" + $0 } ?? "")).expect(.found)
        let back = try await provider.authorize(try #require(start.headers[.location]))
        return try await get(try Self.localPath(back))
    }

    /// The path and query of an address of the server.
    static func localPath(_ address: String) throws -> String {
        let components = try #require(URLComponents(string: address))
        return components.path + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
    }

    /// Whether this browser is signed in (a signed-in page answers 200).
    mutating func isSignedIn() async throws -> Bool {
        try await get("/account").status == .ok
    }
}
