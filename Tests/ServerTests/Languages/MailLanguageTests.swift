import ExamPrepServerTestSupport
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// Mails go out in their recipient's language: an invitation in the one the admin chose (the
/// account it makes keeps it), a reset link in the account's own setting, else the request's.
@Suite("The language of mails", .hangGuard)
struct MailLanguageTests {
    @Test("an invitation in Polish makes a Polish account; a language we do not speak is 400")
    func invitationInPolish() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.runWithAdmin(configure: { MailTests.mailing(&$0, port: sink.port) }) { server, admin, _ in
                for bad in ["de", "", "PL", "pl\u{301}", "\"'", String(repeating: "p", count: 300)] {
                    let refused = try await server.post(
                        APIPaths.adminInvitations,
                        json: InvitationRequest(email: uniqueEmail("bad"), role: .faculty, language: nil)
                            .with(language: bad), token: admin.token
                    ).expect(.badRequest)
                    #expect(refused.text.contains("en, pl"))
                }
                let email = uniqueEmail("nauczyciel")
                let link = try await server.post(
                    APIPaths.adminInvitations, json: InvitationRequest(email: email, role: .faculty, language: .pl), token: admin.token
                ).expect(.created).decode(OneTimeLink.self)
                try await eventually("the invitation mail") { !sink.messages().isEmpty }
                let message = try #require(sink.messages().first)
                #expect(message.contains("zaprasza Cię do konta nauczyciela w ExamPrep") && message.contains("ustawić swoje hasło"))
                #expect(message.contains("Subject: Twoje konto nauczyciela w ExamPrep"), "as the SMTP server decoded it")
                let token = String(link.url.split(separator: "/").last ?? "")
                try await server.post(
                    APIPaths.acceptInvitation(token: token), json: InvitationAcceptance(password: "correct horse battery")
                )
                .expect(.created)
                let teacher = try await server.login(email)
                #expect(try await server.get(APIPaths.me, token: teacher.token).expect(.ok).decode(UserProfile.self).language == .pl)
            }
        }
    }

    @Test("a reset link in the account's own language, else in the language of the request")
    func resetLinkLanguage() async throws {
        try await SMTPSink.with { sink in
            try await TestServer.run(configure: { MailTests.mailing(&$0, port: sink.port) }) { server in
                let polish = uniqueEmail("polski")
                try await server.register(polish, role: .student).expect(.created)
                let login = try await server.login(polish)
                try await server.send(.put, APIPaths.meLanguage, token: login.token, body: ByteBuffer(string: #"{"language":"pl"}"#))
                    .expect(.ok)
                let unset = uniqueEmail("unset")
                try await server.register(unset, role: .student).expect(.created)

                let body = { (email: String) in ByteBuffer(string: #"{"email":"\#(email)"}"#) }
                try await server.send(.post, APIPaths.passwordReset, headers: [.acceptLanguage: "en"], body: body(polish)).expect(.ok)
                try await server.send(.post, APIPaths.passwordReset, headers: [.acceptLanguage: "pl-PL, en;q=0.5"], body: body(unset))
                    .expect(.ok)
                try await server.send(.post, APIPaths.passwordReset, body: body(unset)).expect(.ok)
                try await eventually("three reset mails") { sink.messages().count >= 3 }
                // The outbox's senders may deliver in any order: each message is found by its address and words.
                let polishWords = "Otwórz ten link, aby je wybrać"
                let englishWords = "Open this link to choose one"
                let toPolish = sink.messages().filter { $0.contains(polish) }
                let toUnset = sink.messages().filter { $0.contains(unset) }
                #expect(toPolish.count == 1 && toPolish.allSatisfy { $0.contains(polishWords) }, "the setting before the request's English")
                #expect(toUnset.filter { $0.contains(polishWords) }.count == 1, "no setting: the request's Polish")
                #expect(toUnset.filter { $0.contains(englishWords) }.count == 1, "no setting, no Accept-Language: the default")
            }
        }
    }
}

extension InvitationRequest {
    /// The request with a language code as a client may send it, ours or not.
    fileprivate func with(language code: String) -> InvitationRequest {
        var request = self
        request.language = code
        return request
    }
}
