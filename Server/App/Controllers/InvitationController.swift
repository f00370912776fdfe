import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /api/invitations/{token}` (no sign-in: the token is the proof): the invited person
/// chooses a password and the account is made, once.
struct InvitationController {
    let invitations: InvitationActions

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.post(RouterPath(APIPaths.acceptInvitation.pattern), use: accept)
    }

    static let gone = HTTPFailure(.gone, .gone, "api.invitation-gone")

    @Sendable func accept(_ request: Request, context: AppRequestContext) async throws -> EditedResponse<AcceptedInvitation> {
        let body = try await request.decode(as: InvitationAcceptance.self, context: context)
        switch try await invitations.accept(token: context.parameters.get("token") ?? "", password: body.password, logger: context.logger) {
        case .accepted(let userID, let role, _):
            return EditedResponse(status: .created, response: AcceptedInvitation(userId: userID, role: role))
        case .gone: throw Self.gone
        case .emailTaken: throw HTTPFailure.conflict("api.email-has-account-sign-in", code: .emailTaken)
        }
    }
}
