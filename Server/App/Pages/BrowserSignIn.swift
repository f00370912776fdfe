import ExamPrepShared
import HTTPTypes
import Hummingbird

/// Signs a browser in: the sign-in form, a new account and a one-time link all end here. A new
/// session row every time (a token the browser had before never becomes a signed-in one), and a
/// session the browser had ends: one browser, one session.
struct BrowserSignIn: Sendable {
    let webSessions: WebSessions
    let cookies: WebCookies

    /// Opens the session, sets its cookie and sends the browser to `next`, else the person's home.
    func signIn(userID: Int, role: Role, next: String?, request: Request, context: AppRequestContext) async throws -> Response {
        if let previous = context.page?.user {
            try await webSessions.end(sessionID: previous.sessionID, userID: previous.id, logger: context.logger)
        }
        let session = try await webSessions.open(userID: userID, userAgent: request.headers[.userAgent], logger: context.logger)
        var response = PageRenderer.redirect(to: next ?? Self.home(of: role))
        response.headers.append(HTTPField(name: .setCookie, value: cookies.setSession(session.token)))
        response.headers.append(HTTPField(name: .setCookie, value: cookies.clearPreSession()))
        return response
    }

    /// Where a person of `role` lands after signing in: students at their courses, faculty at
    /// what they teach, admins at the administration.
    static func home(of role: Role) -> String {
        switch role {
        case .student: "/courses"
        case .faculty: "/teach"
        case .admin: "/admin"
        }
    }
}
