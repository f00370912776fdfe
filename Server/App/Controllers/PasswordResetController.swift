import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /api/password-reset` (mail a link; the same answer whether or not the account
/// exists) and `POST /api/password-reset/{token}` (set a new password with a link).
struct PasswordResetController {
    let resets: PasswordResets

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.passwordReset), use: request)
        router.post(RouterPath(APIPaths.completePasswordReset.pattern), use: complete)
    }

    static let requested = SuccessResponse(
        message: "If an account has this address, a link to set a new password is on its way; it works once, within an hour.")

    static let gone = HTTPFailure(
        .gone, .gone, "This password reset link has been used or has expired; ask for a new one.")

    @Sendable func request(_ request: Request, context: AppRequestContext) async throws -> SuccessResponse {
        let body = try await request.decode(as: PasswordResetRequest.self, context: context)
        let email = try EmailAddress(validating: body.email)
        if let refusal = try await resets.requestByMail(
            email: email, clientAddress: context.clientAddress, language: context.language.language, logger: context.logger)
        {
            throw HTTPFailure.limited(refusal)
        }
        return Self.requested
    }

    @Sendable func complete(_ request: Request, context: AppRequestContext) async throws -> SuccessResponse {
        let body = try await request.decode(as: PasswordResetCompletion.self, context: context)
        try Validators.newPassword(body.newPassword, scheme: resets.hasher.scheme)
        switch try await resets.complete(
            token: context.parameters.get("token") ?? "", newPassword: body.newPassword, logger: context.logger)
        {
        case .done: return SuccessResponse(message: "Your password is set; every session of your account has ended. Sign in again.")
        case .gone: throw Self.gone
        }
    }
}
