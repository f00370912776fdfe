import ExamPrepServerTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// The request log never holds a one-time token from a path, however it is spelled, and
/// states each request's duration in milliseconds with two decimals.
@Suite("The request log's line")
struct RequestLogTests {
    @Test func aOneTimeTokenInThePathIsLeftOut() {
        for path in [
            "/api/invitations/abc123", "/API/Invitations/abc123", "/api/invit%61tions/abc123", "/api%2Finvitations%2Fabc",
            "/reset/e\u{301}\"'", "/invitations/x", "//reset/abc", "//api/password-reset/abc", "//sign-in/abc",
            "/api//invitations/abc", "/reset//abc", "/./reset/abc", "//invitations//x//",
        ] {
            let logged = RequestLogMiddleware.loggable(path)
            #expect(logged.hasSuffix("…"), "\(path) was logged as \(logged)")
            #expect(!logged.contains("abc") && !logged.contains("x"), "\(logged)")
        }
    }

    /// The router reads `//reset/x` as `/reset/x`: such a request reaches its page, and its
    /// token still stays out of the log.
    @Test func aTokenBehindDoubledSlashesReachesItsRouteAndStaysOutOfTheLog() async throws {
        let lines = CapturingLogHandler.Lines()
        var configuration = try await LiveServer.configuration()
        configuration.logLevel = .info
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        let token = String(repeating: "Q", count: 43)
        try await LiveServer.run(configuration, logger: logger) { client in
            let server = TestServer(client: client)
            for path in ["//reset/\(token)", "//sign-in/\(token)", "//invitations//\(token)"] {
                let reply = try await server.get(path)
                #expect(reply.status == .gone, "\(path) reached its page: \(reply.status)")
            }
            let reset = try await server.post("//api/password-reset/\(token)", raw: #"{"newPassword":"a long new passphrase"}"#)
            #expect(reset.status == .gone)
        }
        #expect(lines.all.contains { $0.contains("/reset/…") })
        #expect(!lines.all.contains { $0.contains(token) })
    }

    @Test func otherPathsAreLoggedAsTheyCame() {
        for path in ["/api/students/attempts/12/answers", "/api/invitations/", "/health", "/api/courses/%41", "/caf\u{E9}\u{301}"] {
            #expect(RequestLogMiddleware.loggable(path) == path)
        }
    }

    @Test func theDurationHasTwoDecimalsRoundedHalfUp() {
        let cases: [(Duration, String)] = [
            (.zero, "0.00"), (.microseconds(4), "0.00"), (.microseconds(5), "0.01"), (.microseconds(12_345), "12.35"),
            (.milliseconds(7), "7.00"), (.microseconds(90_099), "90.10"), (.seconds(1.5), "1500.00"), (.seconds(61), "61000.00"),
        ]
        for (duration, text) in cases { #expect(RequestLogMiddleware.milliseconds(duration) == text, "\(duration)") }
    }
}
