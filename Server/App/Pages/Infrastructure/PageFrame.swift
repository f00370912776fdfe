import ExamPrepShared
import Mustache

/// What the layout around every page shows: who is signed in, the links they have, the CSRF
/// token of the sign-out form, the page's language with the buttons to change it, the notice of
/// a form just done (`?done=`, `PageNotice`), and the stylesheet and script (filled in by
/// `PageRenderer`).
struct PageFrame: Sendable {
    var signedIn: Bool
    var email: String?
    var isStudent: Bool
    var isFaculty: Bool
    var isAdmin: Bool
    var csrfToken: String
    /// The language the page is drawn in (`<html lang>`, the catalogue of `t`).
    var language: Language
    /// The page's own path and query: where the language buttons bring the browser back to.
    var path: String
    /// The sentence of the form just done that `path`'s `?done=` names, if any (`PageNotice`).
    var notice: String?
    var stylesheet = ""
    var script = ""

    init(user: WebUser?, csrfToken: String, language: Language = .en, path: String = "/") {
        self.signedIn = user != nil
        self.email = user?.email
        self.isStudent = user?.role == .student
        self.isFaculty = user?.role == .faculty
        self.isAdmin = user?.role == .admin
        self.csrfToken = csrfToken
        self.language = language
        self.path = path
        self.notice = PageNotice.sentence(for: Substring(path), catalogue: Catalogue.of(language))
    }

    /// The frame of any page request, signed in or not.
    init(_ context: AppRequestContext) {
        self.init(
            user: context.page?.user, csrfToken: context.page?.csrfToken ?? "", language: context.language.language,
            path: context.page?.path ?? "/")
    }

    var languageTag: String { language.tag }

    /// The language buttons, each named in its own language (`lang` says which, for screen readers).
    var languages: [LanguageButton] {
        Language.allCases.map { LanguageButton(code: $0.tag, name: $0.ownName, current: $0 == language) }
    }

    struct LanguageButton: Sendable {
        var code: String
        var name: String
        var current: Bool
    }
}

/// One page as a template sees it: `title` (the document's title, before " · ExamPrep"),
/// `frame` (the layout's), `page` (the page's own model) and `t`, the sentences of the page's
/// language by key (`{{t.layout.skip-to-main}}`). `notice` is the frame's: `{{> notice}}` finds
/// it when the page's model has no notice of its own.
struct PageDocument<Model: Sendable>: Sendable {
    var title: String
    var frame: PageFrame
    var page: Model
    var t: PageTexts
}

// Every page draws its layout: its models answer the templates' lookups by name, not by
// reflection (a `Mirror` of the whole value for every lookup, several times dearer). Every
// name a template uses is listed; others are absent (nil), as with reflection.

extension PageDocument: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "frame": frame
        case "page": page
        case "t": t
        case "notice": frame.notice
        default: nil
        }
    }
}

extension PageFrame: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "signedIn": signedIn
        case "email": email
        case "isStudent": isStudent
        case "isFaculty": isFaculty
        case "isAdmin": isAdmin
        case "csrfToken": csrfToken
        case "languageTag": languageTag
        case "languages": languages
        case "path": path
        case "notice": notice
        case "stylesheet": stylesheet
        case "script": script
        default: nil
        }
    }
}

extension PageFrame.LanguageButton: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "code": self.code
        case "name": self.name
        case "current": self.current
        default: nil
        }
    }
}
