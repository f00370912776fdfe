import ExamPrepShared
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Hole 10: a password of 128 four-byte characters (512 bytes) passed validation and
/// libxcrypt refused it: 500. Also the first version's app on Linux, which sends two
/// `Content-Type` headers (its JSON type first), and the client address behind a proxy.
@Suite("Abuse: input at the edges", .timeLimit(.minutes(2)))
struct InputEdgeTests {
    @Test func aPasswordOfValidLengthButTooManyBytesIs400NotA500() async throws {
        try await TestServer.run { server in
            let password = String(repeating: "😀", count: 128)
            let reply = try await server.register(uniqueEmail(), password: password, role: .student)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.error == .validationFailed)
            let login = try await server.post(APIPaths.login, json: LoginRequest(email: uniqueEmail(), password: password))
            #expect(login.status == .badRequest)
            #expect(login.error?.error == .invalidCredentials)
        }
    }

    @Test func twoContentTypesWithJSONFirstAreAccepted() async throws {
        try await TestServer.run { server in
            let email = uniqueEmail()
            try await server.register(email, role: .student).expect(.created)
            var headers = HTTPFields()
            headers.append(HTTPField(name: .contentType, value: "application/json"))
            headers.append(HTTPField(name: .contentType, value: "application/x-www-form-urlencoded"))
            let body = try ExamPrepJSON.makeEncoder().encode(LoginRequest(email: email, password: "correct horse battery"))
            try await server.send(.post, APIPaths.login, headers: headers, body: ByteBuffer(bytes: body)).expect(.ok)
        }
    }

    @Test func forwardedForIsBelievedOnlyFromATrustedProxyAndReadFromTheRight() {
        let middleware = ClientAddressMiddleware(trustedProxies: ["10.0.0.0/8", "127.0.0.1"].compactMap(AddressBlock.init))
        // An untrusted peer: its header is ignored.
        #expect(middleware.clientAddress(peer: "198.51.100.4", forwardedFor: ["203.0.113.1"]) == "198.51.100.4")
        // A trusted proxy: the right-most address that is not a trusted proxy; what the client
        // wrote further left is never believed.
        #expect(middleware.clientAddress(peer: "127.0.0.1", forwardedFor: ["6.6.6.6, 203.0.113.1, 10.1.2.3"]) == "203.0.113.1")
        #expect(middleware.clientAddress(peer: "127.0.0.1", forwardedFor: ["6.6.6.6", "203.0.113.1"]) == "203.0.113.1")
        #expect(middleware.clientAddress(peer: "127.0.0.1", forwardedFor: ["not-an-address, 203.0.113.1"]) == "203.0.113.1")
        #expect(middleware.clientAddress(peer: "127.0.0.1", forwardedFor: []) == "127.0.0.1")
        #expect(middleware.clientAddress(peer: "::ffff:10.9.9.9", forwardedFor: ["2001:db8::1"]) == "2001:db8:0:0:0:0:0:1")
        #expect(throws: ConfigurationError.self) { try AppConfiguration(environment: ["TRUSTED_PROXIES": "10.0.0.0/33"]) }
    }
}
