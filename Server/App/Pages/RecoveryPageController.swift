import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The pages of getting into an account without its password, for anyone: `/forgot` (ask for a
/// mailed link) and `/reset/{token}` (choose a new password, or a class list's new account sets
/// its first); an invitation's `/invitations/{token}` (`InvitationPageController`) shows the
/// same new-password form (`PasswordForm`, `passwordPage`). The API's routes in a page, on the
/// same services. Done, each goes to the sign-in page with the account's address filled in
/// (`signIn(done:email:)`: `/login?done=…&email=…`).
struct RecoveryPageController {
    let resets: PasswordResets
    let accounts: AccountActions
    let renderer: PageRenderer

    func addRoutes(to pages: some RouterMethods<AppRequestContext>) {
        pages.get("/forgot", use: forgotPage)
        pages.post("/forgot", use: forgot)
        pages.get("/reset/:token", use: resetPage)
        pages.post("/reset/:token", use: reset)
    }

    struct ForgotForm: Sendable {
        var email = ""
        var error: String?
        var notice: String?
    }

    /// The new-password form of a reset or an invitation.
    struct PasswordForm: Sendable {
        var action: String
        var heading: String
        var intro: String
        var button: String
        var error: String?
    }

    @Sendable func forgotPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        renderer.render("forgot", title: Self.forgotTitle(context), frame: SignInPageController.frame(context), page: ForgotForm())
    }

    @Sendable func forgot(_ request: Request, context: AppRequestContext) async throws -> Response {
        let raw = context.page?.form["email"] ?? ""
        var page = ForgotForm(email: String(raw.prefix(254)))
        let frame = SignInPageController.frame(context)
        let email: EmailAddress
        do {
            email = try EmailAddress(validating: raw)
        } catch let invalid as InvalidInput {
            page.error = context.catalogue.string(invalid.message)
            return renderer.render("forgot", title: Self.forgotTitle(context), frame: frame, page: page, status: .badRequest)
        }
        if let refusal = try await resets.requestByMail(
            email: email, clientAddress: context.clientAddress, language: context.language.language, logger: context.logger)
        {
            page.error = context.catalogue.string(refusal.message)
            var response = renderer.render("forgot", title: Self.forgotTitle(context), frame: frame, page: page, status: .tooManyRequests)
            response.headers[.retryAfter] = String(refusal.retryAfter)
            return response
        }
        page.notice = context.catalogue.string(PasswordResetController.requestedMessage)
        return renderer.render("forgot", title: Self.forgotTitle(context), frame: frame, page: page)
    }

    @Sendable func resetPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let link = try await resets.usableLink(token: token, logger: context.logger) else { throw Self.resetGone(context) }
        return showPassword(Self.resetForm(token: token, link: link, context.catalogue), context: context)
    }

    @Sendable func reset(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let password = context.page?.form["password"] ?? ""
        guard let link = try await resets.usableLink(token: token, logger: context.logger) else { throw Self.resetGone(context) }
        do {
            switch try await accounts.reset(token: token, newPassword: password, logger: context.logger) {
            case .done: return PageRenderer.redirect(to: Self.signIn(done: link.isNew ? "invited" : "reset", email: link.email))
            case .gone: throw Self.resetGone(context)
            }
        } catch let invalid as InvalidInput {
            var form = Self.resetForm(token: token, link: link, context.catalogue)
            form.error = context.catalogue.string(invalid.message)
            return showPassword(form, context: context, status: .badRequest)
        }
    }

    static func resetGone(_ context: AppRequestContext) -> PageFailure {
        PageFailure(.gone, "signin.reset-gone")
    }

    private static func forgotTitle(_ context: AppRequestContext) -> String {
        context.catalogue.string(Message("signin.forgot-password"))
    }

    /// The sign-in page after a password was set, its notice `done` and the address filled in.
    static func signIn(done: String, email: String) -> String {
        let plain = CharacterSet.uriUnreserved.union(CharacterSet(charactersIn: "@"))
        return "/login?done=\(done)&email=" + (email.addingPercentEncoding(withAllowedCharacters: plain) ?? "")
    }

    /// A reset's form; a class list's new account (which never had a password) sets its first.
    private static func resetForm(token: String, link: (email: String, isNew: Bool), _ catalogue: Catalogue) -> PasswordForm {
        guard link.isNew else {
            return PasswordForm(
                action: PasswordResets.path(token: token), heading: catalogue.string(Message("signin.choose-new-password")),
                intro: catalogue.string(Message("signin.reset-intro")), button: catalogue.string(Message("signin.set-password")))
        }
        return PasswordForm(
            action: PasswordResets.path(token: token), heading: catalogue.string(Message("welcome.set-your-password")),
            intro: catalogue.string(Message("welcome.new-account", ["email": .text(link.email)])),
            button: catalogue.string(Message("signin.set-password")))
    }

    private func showPassword(_ form: PasswordForm, context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        Self.passwordPage(form, renderer: renderer, context: context, status: status)
    }

    /// The new-password page of a reset or an invitation.
    static func passwordPage(_ form: PasswordForm, renderer: PageRenderer, context: AppRequestContext, status: HTTPResponse.Status = .ok)
        -> Response
    {
        renderer.render("choose-password", title: form.heading, frame: SignInPageController.frame(context), page: form, status: status)
    }
}
