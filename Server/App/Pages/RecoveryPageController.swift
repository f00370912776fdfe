import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The pages of getting into an account without its password, for anyone: `/forgot` (ask for a
/// mailed link), `/reset/{token}` (choose a new password, or a class list's new account sets
/// its first) and `/invitations/{token}` (set the password of an invited account). The API's
/// routes in a page, on the same services. Done, each goes to the sign-in page with the
/// account's address filled in (`/login?done=…&email=…`).
struct RecoveryPageController {
    let resets: PasswordResets
    let accounts: AccountActions
    let invitations: InvitationActions
    let renderer: PageRenderer

    func addRoutes(to pages: some RouterMethods<AppRequestContext>) {
        pages.get("/forgot", use: forgotPage)
        pages.post("/forgot", use: forgot)
        pages.get("/reset/:token", use: resetPage)
        pages.post("/reset/:token", use: reset)
        pages.get("/invitations/:token", use: invitationPage)
        pages.post("/invitations/:token", use: acceptInvitation)
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

    @Sendable func invitationPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let invitation = try await invitations.pending(token: token, logger: context.logger) else {
            throw Self.invitationGone(context)
        }
        return showPassword(
            Self.invitationForm(token: token, email: invitation.email, role: invitation.role, context.catalogue), context: context)
    }

    @Sendable func acceptInvitation(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let password = context.page?.form["password"] ?? ""
        // The use case reads the invitation once; the form again needs it only for a refused password.
        let acceptance: InvitationRepository.Acceptance
        do {
            acceptance = try await invitations.accept(token: token, password: password, logger: context.logger)
        } catch let invalid as InvalidInput {
            guard let invitation = try await invitations.pending(token: token, logger: context.logger) else {
                throw Self.invitationGone(context)
            }
            var form = Self.invitationForm(token: token, email: invitation.email, role: invitation.role, context.catalogue)
            form.error = context.catalogue.string(invalid.message)
            return showPassword(form, context: context, status: .badRequest)
        }
        switch acceptance {
        case .accepted(_, _, let email): return PageRenderer.redirect(to: Self.signIn(done: "invited", email: email))
        case .gone: throw Self.invitationGone(context)
        case .emailTaken: throw PageFailure(.conflict, "signin.invitation-email-taken")
        }
    }

    static func resetGone(_ context: AppRequestContext) -> PageFailure {
        PageFailure(.gone, "signin.reset-gone")
    }

    static func invitationGone(_ context: AppRequestContext) -> PageFailure {
        PageFailure(.gone, "signin.invitation-gone")
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

    private static func invitationForm(token: String, email: String, role: Role, _ catalogue: Catalogue) -> PasswordForm {
        let key =
            switch role {
            case .student: "signin.invited-student"
            case .faculty: "signin.invited-faculty"
            case .admin: "signin.invited-admin"
            }
        return PasswordForm(
            action: InvitationActions.path(token: token), heading: catalogue.string(Message("welcome.set-your-password")),
            intro: catalogue.string(Message(key, ["email": .text(email)])), button: catalogue.string(Message("signin.create-account")))
    }

    private func showPassword(_ form: PasswordForm, context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        renderer.render("choose-password", title: form.heading, frame: SignInPageController.frame(context), page: form, status: status)
    }
}
