import ExamPrepShared
import Synchronization

/// The language a request is answered in, chosen in this order: the person's own setting
/// (`users.language`, once the request is known to be theirs), the `lang` cookie the language
/// buttons set, `Accept-Language` (its q-values), then `DEFAULT_LANGUAGE`. Shared by every copy
/// of the request's context, so that `ErrorMiddleware`, which wraps the routes, says an error
/// in the language the route learnt; the headers are read only when the language is first
/// asked for (most API answers never ask).
final class LanguageChoice: Sendable {
    private struct State {
        var setting: Language?
        var cookie: String?
        var acceptLanguage: String?
        var chosen: Language?
    }

    private let state: Mutex<State>
    let defaultLanguage: Language

    init(cookie: String? = nil, acceptLanguage: String? = nil, default defaultLanguage: Language = .en) {
        state = Mutex(State(setting: nil, cookie: cookie, acceptLanguage: acceptLanguage, chosen: nil))
        self.defaultLanguage = defaultLanguage
    }

    /// The request's language.
    var language: Language {
        state.withLock { state in
            if let chosen = state.chosen { return chosen }
            let chosen =
                state.setting ?? state.cookie.flatMap(Language.init(cookie:)) ?? state.acceptLanguage.flatMap {
                    AcceptLanguage.languages($0).first
                } ?? defaultLanguage
            state.chosen = chosen
            return chosen
        }
    }

    /// The person behind the request is known: their own setting (nil: they have none) comes first.
    func personSetting(_ setting: Language?) {
        guard let setting else { return }
        state.withLock {
            $0.setting = setting
            $0.chosen = nil
        }
    }
}

extension Language {
    /// The `lang` cookie's value: a language of ours, exactly as its tag is written; anything
    /// else (a cookie someone wrote by hand) is ignored.
    init?(cookie: String) {
        guard cookie.utf8.count <= 8, let language = Language(rawValue: cookie) else { return nil }
        self = language
    }
}

extension AppRequestContext {
    /// The sentences of the request's language.
    var catalogue: Catalogue { Catalogue.of(language.language) }
}

extension AuthenticatedContext {
    /// The sentences of the request's language (the person's own setting first).
    var catalogue: Catalogue { Catalogue.of(language.language) }
}
