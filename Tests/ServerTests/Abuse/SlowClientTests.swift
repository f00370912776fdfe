import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Hole 6: 350 connections trickling headers stayed open for two minutes, and stalled
/// unauthenticated bodies sent to a protected route grew memory fivefold. Connections now
/// have idle, header and body timeouts and a cap, and a protected route checks the bearer
/// token before it reads a body. The timeouts here are set to 1–3 s; each test checks that
/// its connection ended before the default it replaces would have ended it (and not before
/// the second was up).
@Suite("Abuse: slow clients", .hangGuard)
struct SlowClientTests {
    /// Short, in the order of the defaults (header, body, then idle), so that each deadline
    /// is the first to end the connection it is tested on, as it is by default.
    static func quickTimeouts(_ configuration: inout AppConfiguration) {
        configuration.connectionLimits.header = .seconds(1)
        configuration.connectionLimits.body = .seconds(1)
        configuration.connectionLimits.idle = .seconds(3)
    }

    static let defaults = ConnectionLimits()

    /// What `connection` received until the server closed it, and how long that took from now.
    static func timedReadUntilClosed(_ connection: RawConnection) async throws -> (answer: String, after: Duration) {
        let start = ContinuousClock.now
        let answer = try await connection.readUntilClosed(within: .seconds(90))
        return (answer, ContinuousClock.now - start)
    }

    /// The default, in the units of the test's clock: a connection ended before it was ended
    /// by the test's shorter limit (however late a busy machine ran that limit's timer).
    static func duration(_ amount: TimeAmount) -> Duration {
        .nanoseconds(amount.nanoseconds)
    }

    @Test func aClientTricklingItsHeadersGets408AndIsClosed() async throws {
        #expect(Self.defaults.header == .seconds(10))
        try await TestServer.run(configure: Self.quickTimeouts) { server in
            let connection = try RawConnection(port: server.port)
            let start = ContinuousClock.now
            try connection.send("GET /health HTTP/1.1\r\nHost: example\r\nX-Slow: ")
            let answer = try await connection.readUntilClosed(within: .seconds(90))
            let elapsed = ContinuousClock.now - start
            #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer)")
            #expect(elapsed >= .seconds(1) && elapsed < Self.duration(Self.defaults.header), "408 after \(elapsed)")
        }
    }

    @Test func aStalledBodyIsCutOffAndAnIdleConnectionClosed() async throws {
        #expect(Self.defaults.body == .seconds(30) && Self.defaults.idle == .seconds(60))
        try await TestServer.run(configure: Self.quickTimeouts) { server in
            let stalled = try RawConnection(port: server.port)
            try stalled.send(
                "POST /api/register HTTP/1.1\r\nHost: example\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"em")
            let cut = try await Self.timedReadUntilClosed(stalled)
            #expect(cut.answer.isEmpty, "a stalled body is cut off without an answer: \(cut.answer)")
            #expect(cut.after >= .seconds(1) && cut.after < Self.duration(Self.defaults.body), "cut after \(cut.after)")

            let idle = try RawConnection(port: server.port)
            let closed = try await Self.timedReadUntilClosed(idle)
            #expect(closed.answer.isEmpty, "an idle connection is closed without an answer: \(closed.answer)")
            #expect(closed.after < Self.duration(Self.defaults.idle), "closed after \(closed.after)")
        }
    }

    @Test func aProtectedRouteAnswers401BeforeReadingABody() async throws {
        try await TestServer.run { server in
            let connection = try RawConnection(port: server.port)
            // A megabyte announced, none of it sent: the answer must not wait for it.
            try connection.send(
                "POST \(APIPaths.facultyCourses) HTTP/1.1\r\nHost: example\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n"
            )
            let head = try await connection.readHead()
            #expect(head.hasPrefix("HTTP/1.1 401"))
        }
    }

    @Test func connectionsBeyondTheCapAreClosedAtOnce() async throws {
        try await TestServer.run(configure: { $0.connectionLimits.maxConnections = 4 }) { server in
            // The test client's own connection is one of the four.
            try await server.get(APIPaths.health).expect(.ok)
            // Open connections one by one, each answered, until one is closed unanswered.
            var open: [RawConnection] = []
            var refused: (answer: String, after: Duration)?
            for _ in 0..<5 {
                let connection = try RawConnection(port: server.port)
                try? connection.send("GET /health HTTP/1.1\r\nHost: example\r\n\r\n")
                let start = ContinuousClock.now
                let head = try await connection.readHead(within: .seconds(90))
                if head.hasPrefix("HTTP/1.1 200") {
                    open.append(connection)
                } else {
                    refused = (head, ContinuousClock.now - start)
                    break
                }
            }
            #expect(open.count == 3)
            let closed = try #require(refused, "every connection was served")
            #expect(closed.answer.isEmpty, "a connection beyond the cap is closed unanswered: \(closed.answer)")
            #expect(closed.after < Self.duration(Self.defaults.idle), "closed after \(closed.after), not at once")
        }
    }
}
