import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Hole 10: a password of 128 four-byte characters (512 bytes) passed validation and
/// libxcrypt refused it: 500. Also the first version's app on Linux, which sends two
/// `Content-Type` headers (its JSON type first), and the client address behind a proxy.
@Suite("Abuse: input at the edges", .hangGuard)
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

    /// A client on a campus network that the balancer's range also covers wrote its own hop:
    /// when every hop is trusted, the one nearest to the server is the client, never one a
    /// sender could have written further left.
    @Test func whenEveryHopIsTrustedTheNearestOneIsTheClient() {
        let middleware = ClientAddressMiddleware(trustedProxies: ["10.0.0.0/8"].compactMap(AddressBlock.init))
        #expect(middleware.clientAddress(peer: "10.0.0.2", forwardedFor: ["10.66.66.66, 10.1.2.3"]) == "10.1.2.3")
        #expect(middleware.clientAddress(peer: "10.0.0.2", forwardedFor: ["10.66.66.66", "10.1.2.3"]) == "10.1.2.3")
        #expect(middleware.clientAddress(peer: "10.0.0.2", forwardedFor: ["10.1.2.3"]) == "10.1.2.3")
    }

    /// One IPv6 subscriber holds a whole /64: limits count it as one address.
    @Test func ipv6AddressesAreLimitedByTheirSlash64() async throws {
        #expect(RateLimiter.addressKey("2001:db8:1:2:aaaa::1") == RateLimiter.addressKey("2001:db8:1:2:ffff::9"))
        #expect(RateLimiter.addressKey("2001:db8:1:2::1") != RateLimiter.addressKey("2001:db8:1:3::1"))
        #expect(RateLimiter.addressKey("192.0.2.7") == "192.0.2.7")
        try await TestServer.run(configure: {
            $0.setTrustedProxies(["127.0.0.1"])
            $0.limits.loginFailuresPerAddress = RateLimit(maxAttempts: 3, windowSeconds: 900)
        }) { server in
            for index in 1...3 {
                try await server.post(
                    APIPaths.login, json: LoginRequest(email: "nobody\(index)@example.com", password: "a guess"),
                    from: "2001:db8:1:2::\(index)"
                ).expect(.badRequest)
            }
            try await server.post(
                APIPaths.login, json: LoginRequest(email: "nobody9@example.com", password: "a guess"), from: "2001:db8:1:2:ffff::1"
            ).expect(.tooManyRequests)
            try await server.post(
                APIPaths.login, json: LoginRequest(email: "nobody9@example.com", password: "a guess"), from: "2001:db8:1:3::1"
            ).expect(.badRequest)
        }
    }
}
