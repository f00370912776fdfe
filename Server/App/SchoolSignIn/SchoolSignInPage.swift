import ExamPrepShared
import HTTPTypes
import Hummingbird

/// What `school-sign-in.mustache` shows: a failed sign-in with what to do, the password form
/// that links an account, or the app's confirmation. Its sentences come from `SchoolSignInText`,
/// said in the page's language; the buttons' words are the template's.
struct SchoolSignInPage: Sendable {
    var heading: String
    var message: String?
    var explanation: String?
    /// The password form's token (linking an account that has a password).
    var held: String?
    var continuePath: String?
    var retryPath: String?
    var showPasswordSignIn = true

    /// The page of a failure, with its status (never a 500) and, where waiting helps, `Retry-After`.
    static func failure(_ failure: SchoolSignIn.Failure, domains: [String], retryPath: String?, renderer: PageRenderer, frame: PageFrame)
        -> Response
    {
        let catalogue = Catalogue.of(frame.language)
        let (status, message, retryAfter): (HTTPResponse.Status, String, Int?) =
            switch failure {
            case .stateUnknown: (.badRequest, catalogue.string(SchoolSignInText.stateUnknown), nil)
            case .providerRefused(let error): (.badRequest, catalogue.string(SchoolSignInText.providerRefused(error)), nil)
            case .unavailable: (.serviceUnavailable, catalogue.string(SchoolSignInText.providerUnavailable), 30)
            case .untrusted: (.badRequest, catalogue.string(SchoolSignInText.untrusted), nil)
            case .unverifiedAddress: (.forbidden, catalogue.string(SchoolSignInText.unverifiedAddress), nil)
            case .otherDomain: (.forbidden, catalogue.string(SchoolSignInText.otherDomain(domains)), nil)
            case .otherTenant: (.forbidden, catalogue.string(SchoolSignInText.otherTenant), nil)
            case .noAccount(let email): (.forbidden, catalogue.string(SchoolSignInText.noAccount(email)), nil)
            case .disabled: (.forbidden, catalogue.string(SignInPageController.disabledMessage), nil)
            case .linkedElsewhere: (.conflict, catalogue.string(SchoolSignInText.linkedElsewhere), nil)
            case .limited(let refusal): (.tooManyRequests, catalogue.string(refusal.message), refusal.retryAfter)
            }
        let page = SchoolSignInPage(heading: catalogue.string(SchoolSignInText.failedHeading), message: message, retryPath: retryPath)
        let response = renderer.render("school-sign-in", title: page.heading, frame: frame, page: page, status: status)
        return retryAfter.map { PageRenderer.retrying(after: $0, response) } ?? response
    }
}
