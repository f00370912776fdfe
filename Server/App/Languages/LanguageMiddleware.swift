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
        let cookie = PageRoutes.isPage(request.uri.path) ? WebCookies.value(LanguageCookie.name, in: request.headers) : nil
        context.language = LanguageChoice(
            cookie: cookie, acceptLanguage: request.headers[.acceptLanguage], default: defaultLanguage)
        return try await next(request, context)
    }
}

/// The `lang` cookie of the language buttons: a year, every path, sent on same-site requests.
enum LanguageCookie {
    static let name = "lang"

    static func set(_ language: Language, secure: Bool) -> String {
        "\(name)=\(language.tag); Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly" + (secure ? "; Secure" : "")
    }
}
