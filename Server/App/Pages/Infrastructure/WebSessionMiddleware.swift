import Foundation
import HTTPTypes
import Hummingbird

/// Reads the browser's session cookie (only pages do; `/api/*` never does) and settles who is
/// signed in and the CSRF token of the page's forms: bound to the session, or, signed out, to a
/// pre-session cookie set here (the sign-in and registration forms are protected too). A
/// cookie whose session has ended is cleared.
struct WebSessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let sessions: WebSessions
    let tokens: CSRFTokens
    let cookies: WebCookies

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        var setCookies: [String] = []
        var user: WebUser?
        if let token = WebCookies.value(cookies.sessionName, in: request.headers) {
            if let record = try await sessions.find(token: token, logger: context.logger) {
                user = WebUser(id: record.userID, role: record.role, email: record.email, sessionID: record.sessionID)
                context.language.personSetting(record.language)
            } else {
                setCookies.append(cookies.clearSession())
            }
        }
        let csrfToken: String
        if let user {
            csrfToken = tokens.token(session: user.sessionID)
        } else if let pre = WebCookies.value(cookies.preSessionName, in: request.headers), pre.utf8.count == 43 {
            csrfToken = tokens.token(preSession: pre)
        } else {
            let pre = RefreshTokens.generate().token
            setCookies.append(cookies.setPreSession(pre))
            csrfToken = tokens.token(preSession: pre)
        }
        let query = request.uri.query.map { "?" + $0 } ?? ""
        context.page = PageVisit(user: user, csrfToken: csrfToken, path: request.uri.path + query)
        var response = try await next(request, context)
        // A handler that signed someone in or out set its own cookies; the ones here then step aside.
        if response.headers[values: .setCookie].isEmpty {
            for cookie in setCookies { response.headers.append(HTTPField(name: .setCookie, value: cookie)) }
        }
        return response
    }
}
