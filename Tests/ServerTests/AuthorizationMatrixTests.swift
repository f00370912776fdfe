import Crypto
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Synchronization
import Testing

@testable import ExamPrepServer

/// Every protected operation of `openapi.yaml` (read from the document the server serves, so
/// that a new route cannot be left out) against every kind of credential a caller can
/// present: 401 without a valid token, 403 for a role the route is not for, and neither for
/// the roles it is for.
@Suite("Authorization matrix", .hangGuard)
struct AuthorizationMatrixTests {
    /// Credentials that identify nobody (any more).
    enum Credential: String, CaseIterable, Sendable {
        case none, otherScheme, malformed, algNone, badSignature, expired, unknownKid, endedSession
    }

    typealias Operation = OpenAPIContract.Operation

    /// Tokens of a student, a faculty member and an admin; a token whose session an operation
    /// ended (logging out, say) is replaced by a new login.
    final class Callers: Sendable {
        let server: TestServer
        let emails: [Role: String]
        private let tokens: Mutex<[Role: String]>

        /// A token of the student's whose session has ended (logged out).
        let ended: String

        init(_ server: TestServer, admin: LoginResponse) async throws {
            self.server = server
            var emails: [Role: String] = [:]
            var tokens: [Role: String] = [.admin: admin.token]
            emails[.admin] = try await server.get(APIPaths.me, token: admin.token).decode(UserProfile.self).email
            for role in [Role.faculty, .student] {
                let email = uniqueEmail("\(role)")
                tokens[role] = try await server.signUp(email, role: role).token
                emails[role] = email
            }
            self.emails = emails
            self.tokens = Mutex(tokens)
            ended = try await server.login(emails[.student]!).token
            try await server.post(APIPaths.logout, json: LogoutRequest(), token: ended).expect(.ok)
        }

        func token(_ role: Role) async throws -> String {
            let token = tokens.withLock { $0[role]! }
            if try await server.get(APIPaths.me, token: token).status == .ok { return token }
            let fresh = try await server.login(emails[role]!, password: role == .admin ? TestServer.adminPassword : "correct horse battery")
                .token
            tokens.withLock { $0[role] = fresh }
            return fresh
        }
    }

    /// Calls `operation` with `authorization` (none when nil): `{}` as the body where one is
    /// required, 999999 for every id in the path (no one's), a random session id.
    static func call(_ operation: Operation, _ server: TestServer, authorization: String?) async throws -> TestReply {
        let path = operation.path { $0 == "sessionId" ? UUID().uuidString.lowercased() : "999999" }
        var headers: HTTPFields = [:]
        if let authorization { headers[.authorization] = authorization }
        return try await server.send(
            operation.method, path, headers: headers, body: operation.requestBody == .required ? ByteBuffer(string: "{}") : nil)
    }

    @Test func theDocumentProtectsEveryRouteOfARole() {
        let operations = OpenAPIContract.served.operations
        #expect(OpenAPIContract.served.protectedOperations.count > 20)
        for operation in operations where operation.path.hasPrefix("/api/faculty/") || operation.path.hasPrefix("/api/students/") {
            #expect(operation.isProtected, "\(operation) is for one role but asks for no token")
        }
        for operation in OpenAPIContract.served.protectedOperations {
            #expect(operation.statuses.contains("401"), "\(operation) does not document its 401")
            if operation.roles.count < Role.allCases.count {
                #expect(operation.statuses.contains("403"), "\(operation) does not document its 403")
            }
        }
    }

    /// A credential that identifies nobody never acts, so the student's token stays valid and
    /// the calls are independent: the headers are made once, and eight calls go at a time
    /// (one at a time, the 800 calls took most of the suite's time limit on a loaded machine).
    @Test func everyProtectedOperationAnswers401ToEveryCredentialThatIdentifiesNobody() async throws {
        try await TestServer.runWithAdmin(configure: { $0.facultyRegistration = .open }) { server, admin, _ in
            let callers = try await Callers(server, admin: admin)
            let student = try await callers.token(.student)
            var headers: [(Credential, String?)] = []
            for credential in Credential.allCases {
                headers.append((credential, try await Self.header(for: credential, student: student, ended: callers.ended)))
            }
            let calls = OpenAPIContract.served.protectedOperations.flatMap { operation in headers.map { (operation, $0.0, $0.1) } }
            try await Self.eightAtATime(calls) { operation, credential, header in
                let reply = try await Self.call(operation, server, authorization: header)
                #expect(reply.status == .unauthorized, "\(operation) with \(credential): \(reply.status.code) \(reply.text)")
                #expect(
                    reply.error?.error == (credential == .expired ? .tokenExpired : .unauthorized),
                    "\(operation) with \(credential): \(reply.text)")
            }
        }
    }

    /// Runs `body` for each of `items`, eight at a time.
    static func eightAtATime<Item: Sendable>(_ items: [Item], _ body: @escaping @Sendable (Item) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, item) in items.enumerated() {
                if index >= 8 { try await group.next() }
                group.addTask { try await body(item) }
            }
            try await group.waitForAll()
        }
    }

    /// A role a route is not for never acts either: each role's token is read once, and the
    /// calls go eight at a time.
    @Test func everyProtectedOperationAnswers403ToARoleItIsNotFor() async throws {
        try await TestServer.runWithAdmin(configure: { $0.facultyRegistration = .open }) { server, admin, _ in
            let callers = try await Callers(server, admin: admin)
            var tokens: [Role: String] = [:]
            for role in Role.allCases { tokens[role] = try await callers.token(role) }
            let calls = OpenAPIContract.served.protectedOperations.flatMap { operation in
                Set(Role.allCases).subtracting(operation.roles).map { role in (operation, role, tokens[role] ?? "") }
            }
            #expect(!calls.isEmpty)
            try await Self.eightAtATime(calls) { operation, role, token in
                let reply = try await Self.call(operation, server, authorization: "Bearer " + token)
                #expect(reply.status == .forbidden, "\(operation) as \(role): \(reply.status.code) \(reply.text)")
                #expect(reply.error?.error == .forbidden, "\(operation) as \(role): \(reply.text)")
            }
        }
    }

    @Test func everyProtectedOperationLetsTheRolesItIsForThrough() async throws {
        try await TestServer.runWithAdmin(configure: { $0.facultyRegistration = .open }) { server, admin, _ in
            let callers = try await Callers(server, admin: admin)
            for operation in OpenAPIContract.served.protectedOperations {
                for role in operation.roles.sorted(by: { $0.rawValue < $1.rawValue }) {
                    let reply = try await Self.call(operation, server, authorization: "Bearer " + callers.token(role))
                    let status = reply.status.code
                    // Past authorization the request meets the route itself: its answer to an
                    // empty body or an id that is no one's, but never the router's "no such route".
                    #expect(
                        ![401, 403, 405].contains(status) && status < 500
                            && reply.error?.message != Catalogue.of(.en).string(HTTPFailure.noSuchRoute.message),
                        "\(operation) as \(role): \(status) \(reply.text)")
                    #expect(
                        operation.statuses.contains(String(status)), "\(operation) as \(role): \(status) is not in the contract")
                }
            }
        }
    }

    /// The Authorization header of `credential`, made from a valid student token (or the
    /// token of an ended session).
    static func header(for credential: Credential, student: String, ended: String) async throws -> String? {
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
        case .endedSession: return "Bearer " + ended
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
