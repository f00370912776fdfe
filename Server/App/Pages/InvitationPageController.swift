import ExamPrepRules
import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// An invitation's two pages, one use case (`InvitationActions`) from the form that sends it to
/// the page that accepts it: an admin's `POST /admin/invitations` (the admin page again, with
/// the invitation's link, or what was wrong), and the invited person's `GET` and
/// `POST /invitations/{token}` (the form that sets the account's password; done, the sign-in
/// page with the address filled in, as a reset's).
struct InvitationPageController {
    let invitations: InvitationActions
    /// The admin page, drawn again after the form (`AdminPageController.render`).
    let admin: AdminPageController
    let renderer: PageRenderer

    /// The admin's form on `signedIn` (the signed-in pages) behind `RequireAdminPage`, as the admin
    /// page's other forms; the invited person's page on `pages`, open to anyone.
    func addRoutes(to pages: some RouterMethods<AppRequestContext>, signedIn: RouterGroup<PageContext>) {
        signedIn.group().add(middleware: RequireAdminPage()).post("/admin/invitations", use: invite)
        pages.get("/invitations/:token", use: invitationPage)
        pages.post("/invitations/:token", use: accept)
    }

    @Sendable func invite(_ request: Request, context: PageContext) async throws -> Response {
        let role = context.form["role"].flatMap(Role.init(name:)) ?? .faculty
        let email: EmailAddress
        let name: String?
        do {
            email = try EmailAddress(validating: context.form["email"] ?? "")
            name = try PersonName.optional(context.form["name"])
        } catch let invalid as InvalidInput {
            return try await admin.render(
                AdminPage.Outcome(error: context.catalogue.string(invalid.message)), request: request, context: context, status: .badRequest
            )
        }
        switch try await invitations.invite(
            email: email, role: role, by: context.user.id, name: name, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .invited(let link):
            let roleName = context.catalogue.string(Message(AdminPage.roleKey(role)))
            let outcome = AdminPage.Outcome(
                notice: context.catalogue.string(Message("admin.invited", ["email": .text(email.display), "role": .text(roleName)])),
                link: link.url)
            return try await admin.render(outcome, request: request, context: context, status: .created)
        case .emailTaken:
            return try await admin.render(
                AdminPage.Outcome(error: context.catalogue.string(Message("admin.email-taken", ["email": .text(email.display)]))),
                request: request, context: context, status: .conflict)
        case .notInvitable:
            return try await admin.render(
                AdminPage.Outcome(error: context.catalogue.string(Message("admin.not-invitable"))), request: request, context: context,
                status: .badRequest)
        }
    }

    @Sendable func invitationPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        guard let invitation = try await invitations.pending(token: token, logger: context.logger) else { throw Self.gone }
        return show(Self.form(token: token, email: invitation.email, role: invitation.role, context.catalogue), context: context)
    }

    @Sendable func accept(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = context.parameters.get("token") ?? ""
        let password = context.page?.form["password"] ?? ""
        // The use case reads the invitation once; the form again needs it only for a refused password.
        let acceptance: InvitationRepository.Acceptance
        do {
            acceptance = try await invitations.accept(token: token, password: password, logger: context.logger)
        } catch let invalid as InvalidInput {
            guard let invitation = try await invitations.pending(token: token, logger: context.logger) else { throw Self.gone }
            var form = Self.form(token: token, email: invitation.email, role: invitation.role, context.catalogue)
            form.error = context.catalogue.string(invalid.message)
            return show(form, context: context, status: .badRequest)
        }
        switch acceptance {
        case .accepted(_, _, let email): return PageRenderer.redirect(to: RecoveryPageController.signIn(done: "invited", email: email))
        case .gone: throw Self.gone
        case .emailTaken: throw PageFailure(.conflict, "signin.invitation-email-taken")
        }
    }

    /// An invitation accepted, revoked, expired or never made.
    static let gone = PageFailure(.gone, "signin.invitation-gone")

    /// The invitation's form: the new-password form of a reset (`RecoveryPageController.PasswordForm`),
    /// which says who is invited, as what.
    private static func form(token: String, email: String, role: Role, _ catalogue: Catalogue) -> RecoveryPageController.PasswordForm {
        let key =
            switch role {
            case .student: "signin.invited-student"
            case .faculty: "signin.invited-faculty"
            case .admin: "signin.invited-admin"
            }
        return RecoveryPageController.PasswordForm(
            action: InvitationActions.path(token: token), heading: catalogue.string(Message("welcome.set-your-password")),
            intro: catalogue.string(Message(key, ["email": .text(email)])), button: catalogue.string(Message("signin.create-account")))
    }

    private func show(_ form: RecoveryPageController.PasswordForm, context: AppRequestContext, status: HTTPResponse.Status = .ok)
        -> Response
    {
        RecoveryPageController.passwordPage(form, renderer: renderer, context: context, status: status)
    }
}
