import ExamPrepShared
import Foundation

/// The checks of an app's sign-in request (`GET /auth/app/start`): a loopback `redirect_uri`
/// (RFC 8252 §7.3: `http://127.0.0.1:PORT/…` or `http://[::1]:PORT/…`, no query or fragment),
/// a PKCE challenge of 43 base64url letters with the method S256, and a state of 1-200
/// unreserved characters. Anything else is refused before anything is stored.
enum AppSignInRequest {
    static func validated(redirectURI: String?, challenge: String?, method: String?, state: String?) -> AppSignInRepository.Request? {
        guard let redirectURI, let challenge, let state, method == "S256", isLoopbackRedirect(redirectURI),
            RefreshTokens.isWellFormed(challenge), isState(state)
        else { return nil }
        return .init(redirectURI: redirectURI, codeChallenge: challenge, state: state)
    }

    static func isLoopbackRedirect(_ text: String) -> Bool {
        guard text.utf8.count <= 200, text.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
            let components = URLComponents(string: text), components.scheme == "http", components.user == nil,
            components.password == nil, components.query == nil, components.fragment == nil, let port = components.port,
            (1...65535).contains(port), ["127.0.0.1", "::1", "[::1]"].contains(components.host ?? "")
        else { return false }
        let path = components.path
        return path.isEmpty || (path.hasPrefix("/") && !path.contains("//") && path.unicodeScalars.allSatisfy(isPathScalar))
    }

    static func isState(_ text: String) -> Bool {
        (1...200).contains(text.utf8.count) && text.unicodeScalars.allSatisfy { $0.isASCII && (isUnreserved($0)) }
    }

    /// Where the browser goes back to: the redirect address with the code and the state.
    static func redirect(_ request: AppSignInRepository.Request, code: String) -> String {
        request.redirectURI + "?\(AppSignIn.codeItem)=\(code)&\(AppSignIn.stateItem)=\(request.state)"
    }

    private static func isUnreserved(_ scalar: Unicode.Scalar) -> Bool {
        CharacterSet.uriUnreserved.contains(scalar)
    }

    private static func isPathScalar(_ scalar: Unicode.Scalar) -> Bool {
        isUnreserved(scalar) || scalar == "/"
    }
}
