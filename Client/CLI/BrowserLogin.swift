import Crypto
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep login --browser` (RFC 8252): listens on 127.0.0.1 at a free port, opens the
/// server's sign-in page with that loopback address as `redirect_uri`, a PKCE challenge of its
/// own (S256) and a state; once the browser has signed in (password or the school's account),
/// spends the code it brought back, with the verifier, for this machine's session.
enum BrowserLogin {
    /// How long the browser may take.
    static let waitSeconds = 600

    @MainActor
    static func run(client: ExamPrepClient, output: Output, printOnly: Bool) async throws {
        let receiver = try LoopbackReceiver()
        let verifier = randomToken()
        let state = randomToken()
        let challenge = base64URL(Array(SHA256.hash(data: Data(verifier.utf8))))
        guard let url = client.account.browserSignInURL(redirectURI: receiver.redirectURI, challenge: challenge, state: state) else {
            throw CLIError(CLILanguage.text("cli-account.no-sign-in-page"))
        }
        if printOnly {
            output.note(CLILanguage.text("cli-account.open-sign-in"))
            output.note(url.absoluteString)
        } else {
            switch await BrowserOpener.open(url.absoluteString) {
            case .opened(let opener):
                output.note(CLILanguage.text("cli-account.opened-sign-in", ["opener": .text(opener)]))
            case .notOpened(let reason):
                output.note(CLILanguage.text("cli-account.open-sign-in-after", ["reason": .text(reason)]))
                output.note(url.absoluteString)
            }
        }
        switch try await receiver.wait(state: state, seconds: waitSeconds) {
        case .refused(let reason):
            throw CLIError(CLILanguage.text("cli-account.browser-unfinished", ["reason": .text(reason)]))
        case .code(let code):
            let profile = try await client.account.login(browserCode: code, verifier: verifier, redirectURI: receiver.redirectURI)
            try output.print(profile) {
                CLILanguage.text(
                    "cli-account.signed-in-as", ["email": .text(profile.email), "role": .message(CLILanguage.roleName(profile.role))])
            }
        }
    }

    /// 256 random bits, base64url.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
