import ExamPrepShared
import Foundation
import Hummingbird

/// A signed-in browser, as its session cookie proves.
struct WebUser: Sendable {
    var id: Int
    var role: Role
    var email: String
    var sessionID: UUID
}

/// What `WebSessionMiddleware` and `CSRFMiddleware` learnt of a page request: who is signed in
/// (if anyone), the CSRF token its forms carry, and the form it posted (read and checked
/// before any handler runs).
struct PageVisit: Sendable {
    var user: WebUser?
    var csrfToken: String
    /// The page's path and query, as asked for.
    var path = "/"
    var form = FormData()
}

/// The context of pages for a signed-in person: `user` is never nil here.
struct PageContext: ChildRequestContext {
    typealias ParentContext = AppRequestContext

    var coreContext: CoreRequestContextStorage
    let user: WebUser
    let csrfToken: String
    let form: FormData
    let clientAddress: String
    /// The language the page is drawn in.
    let language: Language
    let path: String

    init(context: AppRequestContext) throws {
        guard let visit = context.page, let user = visit.user else { throw PageFailure.signInRequired }
        self.coreContext = context.coreContext
        self.user = user
        self.csrfToken = visit.csrfToken
        self.form = visit.form
        self.clientAddress = context.clientAddress
        self.language = context.language.language
        self.path = visit.path
    }

    var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    var responseEncoder: APIResponseEncoder { APIResponseEncoder() }
    var maxUploadSize: Int { APILimits.maxBodyBytes }

    /// The frame every page of this person is drawn in.
    var frame: PageFrame { PageFrame(user: user, csrfToken: csrfToken, language: language, path: path) }

    /// The sentences of the page's language, for a page controller's own sentences.
    var catalogue: Catalogue { Catalogue.of(language) }
}
