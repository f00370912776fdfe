import ExamPrepShared
import HTTPTypes
import Hummingbird

/// Gives every request its `LanguageChoice`: the `lang` cookie (on pages only: the API never
/// reads cookies), `Accept-Language` and `DEFAULT_LANGUAGE`; the person's own setting is added
/// once the request is known to be theirs (`JWTAuthenticator`, `WebSessionMiddleware`).
struct LanguageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let defaultLanguage: Language

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let cookie = PageRoutes.isPage(request.uri.path) ? WebCookies.value(WebCookies.languageCookie, in: request.headers) : nil
        context.language = LanguageChoice(
            cookie: cookie, acceptLanguage: request.headers[.acceptLanguage], default: defaultLanguage)
        return try await next(request, context)
    }
}
