import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `POST /api/register` and `POST /api/login`.
struct AccountController {
    let accounts: Accounts
    let issuer: SessionIssuer
    /// Who may register as faculty (admins never do).
    let facultyRegistration: FacultyRegistration
    /// Faculty by address: confirmed by a mailed link before the account exists.
    let domainRegistration: DomainRegistration
    /// The password rule and the account's making (`AccountActions`).
    let accountActions: AccountActions

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.register), use: register)
        router.post(RouterPath(APIPaths.login), use: login)
    }

    @Sendable func register(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<RegistrationResponse> {
        let body = try await request.decode(as: RegistrationRequest.self, context: context)
        let email = try EmailAddress(validating: body.email)
        let name = try PersonName.optional(body.name)
        try accountActions.checkPassword(body.password)
        switch body.role {
        case .student: break
        case .faculty:
            guard facultyRegistration.allowsFaculty(emailKey: email.key) else {
                throw HTTPFailure(.forbidden, .forbidden, facultyRegistration.refusal)
            }
            if case .domains = facultyRegistration {
                return try await confirmByMail(email, context: context)
            }
        case .admin:
            throw HTTPFailure(.forbidden, .forbidden, "api.admin-not-registered")
        }
        switch try await accountActions.register(
            email: email, password: body.password, role: body.role, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .created(let userID):
            if let name { _ = try await accounts.users.setName(userID: userID, to: name, logger: context.logger) }
            return EditedResponse(status: .created, response: RegistrationResponse(userId: userID))
        case .emailTaken: throw Self.emailTaken
        case .limited(let refusal): throw HTTPFailure.limited(refusal)
        }
    }

    /// 202: the address gets a link that confirms it; nothing else is made yet.
    private func confirmByMail(_ email: EmailAddress, context: AppRequestContext) async throws -> EditedResponse<RegistrationResponse> {
        switch try await domainRegistration.register(
            email: email, clientAddress: context.clientAddress, language: context.language.language, logger: context.logger)
        {
        case .mailed: return EditedResponse(status: .accepted, response: RegistrationResponse(confirmationSent: true))
        case .emailTaken: throw Self.emailTaken
        case .limited(let refusal): throw HTTPFailure.limited(refusal)
        }
    }

    static let emailTaken = HTTPFailure.conflict("api.email-registered", code: .emailTaken)

    /// Unknown email and wrong password get the same status, body and hashing work.
    @Sendable func login(_ request: Request, context: AppRequestContext) async throws -> LoginResponse {
        let body = try await request.decode(as: LoginRequest.self, context: context)
        guard !EmailAddress.isBlank(body.email), !body.password.isEmpty else {
            throw HTTPFailure.validation("api.email-password-required")
        }
        switch try await accounts.signIn(
            email: body.email, password: body.password, clientAddress: context.clientAddress, logger: context.logger)
        {
        case .limited(let refusal): throw HTTPFailure.limited(refusal)
        case .wrong: throw HTTPFailure.invalidCredentials
        case .disabled: throw HTTPFailure.accountDisabled
        case .signedIn(let user):
            let userAgent = request.headers[.userAgent].map { String($0.prefix(256)) }
            return try await issuer.open(userID: user.id, role: user.role, userAgent: userAgent, logger: context.logger)
        }
    }
}
