import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// Every link the server gives out names `PUBLIC_URL` (or, without it, the address the server
/// listens on), never the `Host` header of the request that made it: a forged `Host` once had
/// the school's own server mail a genuine reset token inside a link to another site.
@Suite("Link origins", .hangGuard)
struct LinkOriginTests {
    static let forgedHost = "evil.example"

    /// A raw request with a `Host` of the client's choosing; the answer's body.
    static func send(_ method: String, _ path: String, json: String, host: String, token: String? = nil, port: Int) async throws
        -> String
    {
        let connection = try RawConnection(port: port)
        let bearer = token.map { "Authorization: Bearer \($0)\r\n" } ?? ""
        try connection.send(
            "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n\(bearer)"
                + "Content-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)")
        let answer = try await connection.readUntilClosed()
        return String(answer.split(separator: "\r\n\r\n", maxSplits: 1).last ?? "")
    }

    @Test func aMailedResetLinkNamesPublicURLWhateverTheHostHeaderSays() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.run(configure: {
                MailTests.mailing(&$0, port: sink.port)
                $0.publicURL = URL(string: "https://exams.school.example")
            }) { server in
                let email = uniqueEmail("student")
                try await server.register(email, role: .student).expect(.created)
                _ = try await Self.send(
                    "POST", APIPaths.passwordReset, json: #"{"email":"\#(email)"}"#, host: Self.forgedHost, port: server.port)
                try await eventually("the reset mail") { !sink.messages().isEmpty }
                let link = try #require(sink.messages().first.flatMap(SMTPSink.link(in:)))
                #expect(link.hasPrefix("https://exams.school.example/reset/"), "\(link)")
                #expect(!link.contains(Self.forgedHost))
            }
        }
    }

    @Test func withoutPublicURLLinksNameTheAddressTheServerListensOn() async throws {
        try await TestServer.runWithAdmin { server, admin, _ in
            let origin = "http://127.0.0.1:\(server.port)"
            let invitation = try await Self.send(
                "POST", APIPaths.adminInvitations, json: #"{"email":"\#(uniqueEmail("teacher"))","role":"faculty"}"#,
                host: Self.forgedHost, token: admin.token, port: server.port)
            let url = try ExamPrepJSON.makeDecoder().decode(OneTimeLink.self, from: Data(invitation.utf8)).url
            #expect(url.hasPrefix(origin + "/invitations/"), "\(url)")
            let signIn = try await Self.send(
                "POST", APIPaths.signInLinks, json: "{}", host: Self.forgedHost, token: admin.token, port: server.port)
            #expect(try ExamPrepJSON.makeDecoder().decode(SignInLink.self, from: Data(signIn.utf8)).url.hasPrefix(origin + "/sign-in/"))
        }
    }

    @Test func mailWithoutPublicURLIsRefusedAtStartNamingIt() async throws {
        var configuration = try await LiveServer.configuration()
        MailTests.mailing(&configuration, port: 2525)
        configuration.publicURL = nil
        await #expect {
            _ = try await buildApplication(configuration)
        } throws: { error in
            (error as? ConfigurationError)?.description.contains("PUBLIC_URL") == true
        }
        let environment = ["SMTP_URL": "smtp://127.0.0.1:2525", "MAIL_FROM": "exams@school.example"]
        #expect(throws: ConfigurationError.self) { try AppConfiguration.load(arguments: [], environment: environment, warnings: { _ in }) }
        var withURL = environment
        withURL["PUBLIC_URL"] = "https://exams.school.example"
        #expect(throws: Never.self) { try AppConfiguration.load(arguments: [], environment: withURL, warnings: { _ in }) }
    }

    @Test func facultyRegistrationByDomainWithoutMailIsRefusedAtStart() {
        do {
            _ = try AppConfiguration.load(
                arguments: [], environment: ["FACULTY_REGISTRATION": "domain:school.example"], warnings: { _ in })
            Issue.record("the server started without the mail that confirms a registration")
        } catch {
            #expect("\(error)".contains("SMTP_URL"))
        }
    }
}
