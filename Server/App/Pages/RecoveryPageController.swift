import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// The pages of getting into an account without its password, for anyone: `/forgot` (ask for a
/// mailed link), `/reset/{token}` (choose a new password) and `/invitations/{token}` (choose
/// the password of an invited account). The API's routes in a page, on the same services.
struct RecoveryPageController {
    let resets: PasswordResets
    let invitations: Invitations
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
        renderer.render("forgot", title: "Forgot password", frame: SignInPageController.frame(context), page: ForgotForm())
    }

    @Sendable func forgot(_ request: Request, context: AppRequestContext) async throws -> Response {
        let raw = context.page?.form["email"] ?? ""
        var page = ForgotForm(email: String(raw.prefix(254)))
        let frame = SignInPageController.frame(context)
        let email: EmailAddress
        do {
            email = try EmailAddress(validating: raw)
        } catch let invalid as InvalidInput {
            page.error = invalid.message
            return renderer.render("forgot", title: "Forgot password", frame: frame, page: page, status: .badRequest)
        }
        if let refusal = try await resets.requestByMail(
            email: email, clientAddress: context.clientAddress, logger: context.logger)
        {
            page.error = refusal.message
            var response = renderer.render("forgot", title: "Forgot password", frame: frame, page: page, status: .tooManyRequests)
            response.headers[.retryAfter] = String(refusal.retryAfter)
            return response
        }
        page.notice = PasswordResetController.requested.message
        return renderer.render("forgot", title: "Forgot password", frame: frame, page: page)
    }

    @Sendable func resetPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard try await resets.isUsable(token: token, logger: context.logger) else { throw Self.resetGone }
        return showPassword(Self.resetForm(token: token), context: context)
    }

    @Sendable func reset(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let password = context.page?.form["password"] ?? ""
        do {
            try Validators.newPassword(password, scheme: resets.hasher.scheme)
        } catch let invalid as InvalidInput {
            var form = Self.resetForm(token: token)
            form.error = invalid.message
            return showPassword(form, context: context, status: .badRequest)
        }
        switch try await resets.complete(token: token, newPassword: password, logger: context.logger) {
        case .done: return PageRenderer.redirect(to: "/login?done=reset")
        case .gone: throw Self.resetGone
        }
    }

    @Sendable func invitationPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let invitation = try await invitations.pending(token: token, logger: context.logger) else { throw Self.invitationGone }
        return showPassword(Self.invitationForm(token: token, email: invitation.email, role: invitation.role), context: context)
    }

    @Sendable func acceptInvitation(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let password = context.page?.form["password"] ?? ""
        guard let invitation = try await invitations.pending(token: token, logger: context.logger) else { throw Self.invitationGone }
        do {
            try Validators.newPassword(password, scheme: invitations.hasher.scheme)
        } catch let invalid as InvalidInput {
            var form = Self.invitationForm(token: token, email: invitation.email, role: invitation.role)
            form.error = invalid.message
            return showPassword(form, context: context, status: .badRequest)
        }
        switch try await invitations.accept(token: token, password: password, logger: context.logger) {
        case .accepted: return PageRenderer.redirect(to: "/login?done=invited")
        case .gone: throw Self.invitationGone
        case .emailTaken: throw PageFailure(.conflict, "This email already has an account; sign in instead.")
        }
    }

    static let resetGone = PageFailure(.gone, "This password reset link has been used or has expired. Ask for a new one.")
    static let invitationGone = PageFailure(
        .gone, "This invitation has been used, revoked or has expired. Ask your school's ExamPrep administrator for a new one.")

    private static func resetForm(token: String) -> PasswordForm {
        PasswordForm(
            action: PasswordResets.path(token: token), heading: "Choose a new password",
            intro: "Setting it signs your account out everywhere.", button: "Set password")
    }

    private static func invitationForm(token: String, email: String, role: Role) -> PasswordForm {
        PasswordForm(
            action: Invitations.path(token: token), heading: "Your ExamPrep account",
            intro: "You are invited to a \(role.name) account for \(email). Choose its password.", button: "Create account")
    }

    private func showPassword(_ form: PasswordForm, context: AppRequestContext, status: HTTPResponse.Status = .ok) -> Response {
        renderer.render("choose-password", title: form.heading, frame: SignInPageController.frame(context), page: form, status: status)
    }
}
