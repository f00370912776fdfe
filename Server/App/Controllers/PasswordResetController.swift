import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /api/password-reset` (mail a link; the same answer whether or not the account
/// exists) and `POST /api/password-reset/{token}` (set a new password with a link).
struct PasswordResetController {
    let resets: PasswordResets
    let accounts: AccountActions

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.passwordReset), use: request)
        router.post(RouterPath(APIPaths.completePasswordReset.pattern), use: complete)
    }

    /// The answer to every request for a link, whether or not the address has an account.
    static let requestedMessage = Message("api.reset-requested")

    static let gone = HTTPFailure(.gone, .gone, "api.reset-gone")

    @Sendable func request(_ request: Request, context: AppRequestContext) async throws -> SuccessResponse {
        let body = try await request.decode(as: PasswordResetRequest.self, context: context)
        let email = try EmailAddress(validating: body.email)
        if let refusal = try await resets.requestByMail(
            email: email, clientAddress: context.clientAddress, language: context.language.language, logger: context.logger)
        {
            throw HTTPFailure.limited(refusal)
        }
        return SuccessResponse(message: context.catalogue.string(Self.requestedMessage))
    }

    @Sendable func complete(_ request: Request, context: AppRequestContext) async throws -> SuccessResponse {
        let body = try await request.decode(as: PasswordResetCompletion.self, context: context)
        switch try await accounts.reset(
            token: context.parameters.get("token") ?? "", newPassword: body.newPassword, logger: context.logger)
        {
        case .done: return SuccessResponse(message: context.catalogue.string(Message("api.reset-done")))
        case .gone: throw Self.gone
        }
    }
}
