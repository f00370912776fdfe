import Crypto
import ExamPrepShared
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Testing

@testable import ExamPrepServer

/// Every protected route against every kind of credential a caller can present.
@Suite("Authorization matrix", .timeLimit(.minutes(3)))
struct AuthorizationMatrixTests {
    enum Credential: String, CaseIterable, Sendable {
        case none, otherScheme, malformed, algNone, badSignature, expired, unknownKid, student, faculty
    }

    struct Route: Sendable, CustomStringConvertible {
        var method: HTTPRequest.Method
        var path: String
        var body: String?
        var allowed: Set<Role>
        var description: String { "\(method) \(path)" }
    }

    static let routes = [
        Route(method: .get, path: APIPaths.me, allowed: [.faculty, .student]),
        Route(method: .get, path: APIPaths.facultyCourses, allowed: [.faculty]),
        Route(method: .post, path: APIPaths.facultyCourses, body: #"{"name":"Matrix","description":"A course"}"#, allowed: [.faculty]),
        Route(method: .get, path: APIPaths.studentCourses, allowed: [.student]),
        Route(method: .post, path: APIPaths.enroll, body: #"{"courseCode":"ZZZZ"}"#, allowed: [.student]),
        Route(method: .post, path: APIPaths.logout, allowed: [.faculty, .student]),
        Route(method: .get, path: APIPaths.facultyExams, allowed: [.faculty]),
        Route(method: .get, path: APIPaths.roster(999_999), allowed: [.faculty]),
        Route(method: .post, path: APIPaths.courseExams(999_999), body: #"{"title":"T","questions":[]}"#, allowed: [.faculty]),
        Route(method: .get, path: APIPaths.facultyGrades + "?courseId=999999", allowed: [.faculty]),
        Route(method: .get, path: APIPaths.studentExams, allowed: [.student]),
        Route(method: .get, path: APIPaths.studentGrades, allowed: [.student]),
        Route(method: .post, path: APIPaths.examAttempts(999_999), allowed: [.student]),
        Route(method: .delete, path: APIPaths.studentCourse(999_999), allowed: [.student]),
    ]

    @Test func everyProtectedRouteAnswersEveryCredentialAsExpected() async throws {
        try await TestServer.run { server in
            let studentEmail = uniqueEmail("student")
            let facultyEmail = uniqueEmail("faculty")
            let student = try await server.signUp(studentEmail, role: .student)
            let faculty = try await server.signUp(facultyEmail, role: .faculty)
            for route in Self.routes {
                for credential in Credential.allCases {
                    // Logout ends the session, so give each logout its own fresh login.
                    let studentToken = route.path == APIPaths.logout ? try await server.login(studentEmail).token : student.token
                    let facultyToken = route.path == APIPaths.logout ? try await server.login(facultyEmail).token : faculty.token
                    let header = try await Self.header(for: credential, student: studentToken, faculty: facultyToken)
                    var headers: HTTPFields = [:]
                    if let header { headers[.authorization] = header }
                    let reply = try await server.send(
                        route.method, route.path, headers: headers, body: route.body.map { .init(string: $0) })
                    let expected = Self.expectedStatus(route: route, credential: credential)
                    #expect(reply.status.code == expected, "\(route) with \(credential): \(reply.text)")
                    #expect(reply.error != nil || reply.status.code < 300 || reply.status.code == 404, "\(route) with \(credential)")
                    if credential == .expired {
                        #expect(reply.error?.error == .tokenExpired)
                    }
                }
            }
        }
    }

    static func expectedStatus(route: Route, credential: Credential) -> Int {
        switch credential {
        case .student: route.allowed.contains(.student) ? successStatus(route) : 403
        case .faculty: route.allowed.contains(.faculty) ? successStatus(route) : 403
        default: 401
        }
    }

    static func successStatus(_ route: Route) -> Int {
        switch (route.method, route.path) {
        case (.post, APIPaths.facultyCourses): 201
        case (.post, APIPaths.enroll): 404  // authorized, but no course has the code ZZZZ
        case (.post, APIPaths.courseExams(999_999)): 400  // authorized; the body is read first
        case (_, let path) where path.contains("999"): 404  // authorized, but not the caller's
        default: 200
        }
    }

    static func header(for credential: Credential, student: String, faculty: String) async throws -> String? {
        switch credential {
        case .none: return nil
        case .otherScheme: return "Basic dXNlcjpwYXNz"
        case .malformed: return "Bearer not.a.jwt"
        case .algNone: return "Bearer " + forged(header: #"{"alg":"none","typ":"JWT"}"#, from: student, signature: "")
        case .badSignature:
            // Change one character inside the signature (the last one may only hold padding bits).
            var parts = student.split(separator: ".").map(String.init)
            var signature = Array(parts[2])
            signature[5] = signature[5] == "A" ? "B" : "A"
            parts[2] = String(signature)
            return "Bearer " + parts.joined(separator: ".")
        case .expired:
            let keys = try SigningKeys(signingSecret: TestServer.secret)
            let tokens = await AccessTokens(keys: keys, lifetime: 60)
            guard case .valid(let claims) = await tokens.verify(student) else { throw TokenNotValid() }
            let old = try await tokens.issue(
                userID: claims.id, role: claims.role, sessionID: claims.sessionID, now: Date().addingTimeInterval(-3600))
            return "Bearer " + old.token
        case .unknownKid:
            return "Bearer "
                + signed(
                    header: #"{"alg":"HS256","kid":"unknown-key","typ":"JWT"}"#, from: student, secret: TestServer.secret)
        case .student: return "Bearer " + student
        case .faculty: return "Bearer " + faculty
        }
    }

    /// `token`'s claims under another header, with the given signature.
    static func forged(header: String, from token: String, signature: String) -> String {
        let payload = token.split(separator: ".")[1]
        return Base64URL.encode(Array(header.utf8)) + "." + payload + "." + signature
    }

    /// `token`'s claims under another header, validly signed with `secret`.
    static func signed(header: String, from token: String, secret: [UInt8]) -> String {
        let unsigned = forged(header: header, from: token, signature: "").dropLast()
        let mac = HMAC<SHA256>.authenticationCode(for: Data(unsigned.utf8), using: SymmetricKey(data: secret))
        return unsigned + "." + Base64URL.encode(Array(mac))
    }
}

struct TokenNotValid: Error {}
