import ExamPrepShared
import Foundation
import Hummingbird
import Logging

/// `GET /api/me/export` (any role: the signed-in person's own data; the route names nobody, so
/// nobody else's can be asked for) and `POST /api/admin/users/{userId}/erase` (admins).
/// docs/DATA.md describes both.
struct DataOutController {
    let export: PersonalDataExport
    let erasure: AccountErasure
    let sessions: SessionRepository
    let clock: ServerClock

    func addRoutes(anyRole: RouterGroup<AuthenticatedContext>, authenticated: RouterGroup<AuthenticatedContext>) {
        anyRole.get(RouterPath(APIPaths.meExport), use: exportOwnData)
        let admins = authenticated.group().add(middleware: RequireRole(.admin))
        admins.post(RouterPath(APIPaths.eraseUser.pattern), use: erase)
    }

    @Sendable func exportOwnData(_ request: Request, context: AuthenticatedContext) async throws -> Response {
        try await Self.download(of: context.user.id, export: export, now: clock.now(), logger: context.logger)
    }

    /// The person's document as a streamed download (the API's route and the account page's).
    static func download(of userID: Int, export: PersonalDataExport, now: Date, logger: Logger) async throws -> Response {
        guard let account = try await export.account(userID: userID, logger: logger) else { throw HTTPFailure.sessionEnded }
        let body = ResponseBody { writer in
            try await export.write(userID: userID, account: account, exportedAt: now, logger: logger) { piece in
                try await writer.write(ByteBuffer(string: piece))
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json; charset=utf-8", .contentDisposition: "attachment; filename=\"examprep-\(userID).json\"",
                .cacheControl: "no-store",
            ],
            body: body)
    }

    @Sendable func erase(_ request: Request, context: AuthenticatedContext) async throws -> SuccessResponse {
        let userID = try context.parameters.require("userId", as: Int.self)
        let outcome = try await erasure.erase(
            userID: userID, by: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
        switch outcome {
        case .erased:
            sessions.forgetSessions(ofUser: userID)
            context.logger.info("erased account", metadata: ["user_id": "\(userID)", "admin_id": "\(context.user.id)"])
            return SuccessResponse(message: context.catalogue.string(Message("data-out.erased")))
        case .alreadyErased: return SuccessResponse(message: context.catalogue.string(Message("data-out.already-erased")))
        case .notFound: throw HTTPFailure.notFound("admin.no-such-account", ["id": .integer(userID)])
        case .oneself: throw HTTPFailure.conflict("data-out.erase-self")
        case .lastAdmin: throw HTTPFailure.conflict("api.admin.last-admin")
        }
    }
}
