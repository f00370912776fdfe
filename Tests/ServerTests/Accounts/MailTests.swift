import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Mail through a real SMTP server (aiosmtpd) started by the test: reset links and invitations
/// arrive and work once, an unknown address gets no message and the same answer, a server that
/// is down at first gets the message when it is back, and no token reaches the log.
@Suite("Mail", .hangGuard)
struct MailTests {
    static func mailing(_ configuration: inout AppConfiguration, port: Int) {
        configuration.smtpURL = URL(string: "smtp://127.0.0.1:\(port)")
        configuration.mailFrom = "exams@school.example"
        // Mail needs PUBLIC_URL, which its links name: the test client's own origin.
        configuration.publicURL = URL(string: "http://localhost")
    }

    @Test func aResetLinkArrivesAndWorksOnceAndAnUnknownAddressGetsNoMessage() async throws {
        try await SMTPSink.with { sink in try await Self.resetLinkArrives(sink) }
    }

    static func resetLinkArrives(_ sink: SMTPSink) async throws {
        let lines = CapturingLogHandler.Lines()
        var configuration = try await LiveServer.configuration()
        Self.mailing(&configuration, port: sink.port)
        configuration.logLevel = .trace
        let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
        try await LiveServer.run(configuration, logger: logger) { client in
            let server = TestServer(client: client)
            let email = uniqueEmail("student")
            try await server.register(email, role: .student).expect(.created)
            let unknown = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: uniqueEmail("nobody"))).expect(
                .ok)
            let known = try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok)
            #expect(known.body == unknown.body)
            try await eventually("the reset mail") { !sink.messages().isEmpty }
            // One outbox sends in order: a message for the unknown address would have come first.
            let messages = sink.messages()
            #expect(messages.count == 1)
            let message = try #require(messages.first)
            #expect(message.contains("X-RcptTo: <\(email)>") || message.contains("X-RcptTo: \(email)"))
            #expect(message.contains("From: <exams@school.example>"))
            let link = try #require(SMTPSink.link(in: message))
            let token = String(link.split(separator: "/").last ?? "")
            try await server.post(
                APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "mailed new passphrase")
            )
            .expect(.ok)
            try await server.post(
                APIPaths.completePasswordReset(token: token), json: PasswordResetCompletion(newPassword: "again a passphrase")
            )
            .expect(.gone)
            _ = try await server.login(email, password: "mailed new passphrase")
            #expect(!lines.all.contains { $0.contains(token) }, "the token never reaches the log")
            #expect(lines.all.contains { $0.contains("sent mail") })
        }
    }

    @Test func anInvitationIsMailed() async throws {
        try await SMTPSink.with { sink in try await Self.invitationIsMailed(sink) }
    }

    static func invitationIsMailed(_ sink: SMTPSink) async throws {
        try await TestServer.runWithAdmin(configure: { Self.mailing(&$0, port: sink.port) }) { server, admin, _ in
            let email = uniqueEmail("teacher")
            let link = try await server.post(
                APIPaths.adminInvitations, json: InvitationRequest(email: email, role: .faculty), token: admin.token
            )
            .expect(.created).decode(OneTimeLink.self)
            try await eventually("the invitation mail") { !sink.messages().isEmpty }
            let message = try #require(sink.messages().first)
            #expect(SMTPSink.link(in: message) == link.url)
            #expect(message.contains("faculty"))
        }
    }

    @Test func aMessageWaitsForTheSMTPServerToComeBack() async throws {
        let port = try SMTPSink.freePort()
        var configuration = try await LiveServer.configuration()
        Self.mailing(&configuration, port: port)
        try await LiveServer.run(configuration) { client in
            let server = TestServer(client: client)
            let email = uniqueEmail("student")
            try await server.register(email, role: .student).expect(.created)
            // Nobody listens yet: the first try fails, and the request does not wait for it.
            try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok)
            try await SMTPSink.with(port: port) { sink in
                try await eventually("the retried mail") { !sink.messages().isEmpty }
                #expect(SMTPSink.link(in: try #require(sink.messages().first)) != nil)
            }
        }
    }

    /// Known and unknown addresses (50 each, asked for alternately) are answered alike and cost
    /// alike: the same body, no password hashed for either, and the mail is sent off the
    /// request's path: while the SMTP server takes the connection and never says a word, every
    /// request is still answered. Once a real one listens there, the links go out, to the known
    /// addresses only. (The per-address limit, 20 an hour, is lifted: it is not what is tested.)
    @Test func knownAndUnknownAddressesAreAnsweredAlikeWithoutWaitingForTheMail() async throws {
        let silent = try SilentListener()
        defer { silent.close() }
        let port = silent.port
        try await TestServer.runWithDatabase(configure: {
            Self.mailing(&$0, port: port)
            $0.limits.passwordResetsPerAddress = RateLimit(maxAttempts: 1_000, windowSeconds: 3600)
        }) { server, pool in
            let known = (0..<50).map { "known\($0)-\(UUID().uuidString.prefix(8))@example.com" }
            try await pool.makeAccounts(known)
            let hashesBefore = try await LoginLimitTests.hashesCompleted(server)
            var bodies: Set<Data> = []
            for email in known {
                bodies.insert(try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok).body)
                let unknown = PasswordResetRequest(email: uniqueEmail("nobody"))
                bodies.insert(try await server.post(APIPaths.passwordReset, json: unknown).expect(.ok).body)
            }
            #expect(bodies.count == 1, "one answer for every address")
            #expect(try await LoginLimitTests.hashesCompleted(server) == hashesBefore, "no password hashed for either")

            silent.close()
            try await SMTPSink.with(port: port) { sink in
                try await eventually("the 50 links mailed") { sink.messages().count >= 50 }
                let recipients = Set(sink.messages().compactMap { $0.firstMatch(of: /X-RcptTo: <?([^>\r\n]+)>?/).map { String($0.1) } })
                #expect(recipients == Set(known), "mail for the known addresses only")
            }
        }
    }

    /// `smtp://` must upgrade with STARTTLS unless the server is on this machine's loopback.
    @Test func onlyALoopbackServerMayGoWithoutTLS() throws {
        for host in ["localhost", "127.0.0.1", "[::1]"] {
            #expect(!CurlSMTP(url: try #require(URL(string: "smtp://\(host):25")), from: "a@school.example").requiresTLS, "\(host)")
        }
        for host in ["mail.school.example", "192.0.2.2", "[2001:db8::1]", "127.0.0.1.example"] {
            #expect(CurlSMTP(url: try #require(URL(string: "smtp://\(host):587")), from: "a@school.example").requiresTLS, "\(host)")
        }
    }

    /// A server off loopback that does not offer STARTTLS (aiosmtpd on this machine's network
    /// address) is refused: the link never crosses the network in clear, and the failure is
    /// logged. (The same server on loopback gets its messages: the tests above.)
    @Test(.enabled(if: SMTPSink.offLoopbackAddress() != nil, "this machine has an address off loopback"))
    func offLoopbackAServerWithoutSTARTTLSGetsNoMessage() async throws {
        let address = try #require(SMTPSink.offLoopbackAddress())
        try await SMTPSink.with(address: address) { sink in
            let lines = CapturingLogHandler.Lines()
            var configuration = try await LiveServer.configuration()
            configuration.smtpURL = URL(string: "smtp://\(address):\(sink.port)")
            configuration.mailFrom = "exams@school.example"
            configuration.publicURL = URL(string: "http://localhost")
            configuration.logLevel = .warning
            let logger = Logger(label: "test") { _ in CapturingLogHandler(lines: lines) }
            let patience = LiveServer.patience(for: configuration)
            try await LiveServer.run(configuration, logger: logger) { client in
                let server = TestServer(client: client, patience: patience)
                let email = uniqueEmail("student")
                try await server.register(email, role: .student).expect(.created)
                try await server.post(APIPaths.passwordReset, json: PasswordResetRequest(email: email)).expect(.ok)
                try await eventually("the delivery to fail") { lines.all.contains { $0.contains("could not send mail") } }
                #expect(sink.messages().isEmpty, "nothing was sent in clear")
            }
        }
    }
}
