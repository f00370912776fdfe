import HTTPTypes
import Hummingbird

/// What `school-sign-in.mustache` shows: a failed sign-in with what to do, the password form
/// that links an account, or the app's confirmation. Its sentences come from `SchoolSignInText`.
struct SchoolSignInPage: Sendable {
    var heading = SchoolSignInText.failedHeading
    var message: String?
    var explanation: String?
    /// The password form's token (linking an account that has a password).
    var held: String?
    var linkButton = SchoolSignInText.linkButton
    var continuePath: String?
    var continueLabel = SchoolSignInText.appContinue
    var retryPath: String?
    var retryLabel = SchoolSignInText.tryAgain
    var showPasswordSignIn = true
    var passwordSignInLabel = SchoolSignInText.signInWithPassword

    /// The page of a failure, with its status (never a 500) and, where waiting helps, `Retry-After`.
    static func failure(_ failure: SchoolSignIn.Failure, domains: [String], retryPath: String?, renderer: PageRenderer, frame: PageFrame)
        -> Response
    {
        let (status, message, retryAfter): (HTTPResponse.Status, String, Int?) =
            switch failure {
            case .stateUnknown: (.badRequest, SchoolSignInText.stateUnknown, nil)
            case .providerRefused(let error): (.badRequest, SchoolSignInText.providerRefused(error), nil)
            case .unavailable: (.serviceUnavailable, SchoolSignInText.providerUnavailable, 30)
            case .untrusted: (.badRequest, SchoolSignInText.untrusted, nil)
            case .unverifiedAddress: (.forbidden, SchoolSignInText.unverifiedAddress, nil)
            case .otherDomain: (.forbidden, SchoolSignInText.otherDomain(domains), nil)
            case .otherTenant: (.forbidden, SchoolSignInText.otherTenant, nil)
            case .noAccount(let email): (.forbidden, SchoolSignInText.noAccount(email), nil)
            case .disabled: (.forbidden, SignInPageController.disabledMessage, nil)
            case .linkedElsewhere: (.conflict, SchoolSignInText.linkedElsewhere, nil)
            case .limited(let refusal): (.tooManyRequests, refusal.message, refusal.retryAfter)
            }
        let page = SchoolSignInPage(message: message, retryPath: retryPath)
        let response = renderer.render("school-sign-in", title: page.heading, frame: frame, page: page, status: status)
        return retryAfter.map { PageRenderer.retrying(after: $0, response) } ?? response
    }
}
