import ExamPrepShared
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The request context of every route. The authenticator fills `identity`; routes that
/// need it use `AuthenticatedContext`, where it is not optional.
struct AppRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The peer's address, for per-address login limits.
    let clientAddress: String
    var identity: AuthenticatedUser?

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.clientAddress = Self.describe(source.channel.remoteAddress)
        self.identity = nil
    }

    /// The body limit of the API (1 MiB); `JSONBodyMiddleware` answers 413 beyond it.
    var maxUploadSize: Int { JSONBodyMiddleware<Self>.maxBodyBytes }

    private static func describe(_ address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        return address.ipAddress ?? address.pathname ?? "unknown"
    }
}

/// Who is calling, as proven by a verified access token and a live session.
struct AuthenticatedUser: Sendable, Hashable {
    var id: Int
    var role: Role
    var sessionID: UUID
}

/// The context of authenticated routes: `user` is never nil here, so "this route is
/// authenticated" is a compile-time fact.
struct AuthenticatedContext: ChildRequestContext {
    typealias ParentContext = AppRequestContext

    var coreContext: CoreRequestContextStorage
    let user: AuthenticatedUser
    let clientAddress: String

    init(context: AppRequestContext) throws {
        guard let identity = context.identity else { throw APIError.missingToken }
        self.coreContext = context.coreContext
        self.user = identity
        self.clientAddress = context.clientAddress
    }

    var maxUploadSize: Int { JSONBodyMiddleware<Self>.maxBodyBytes }
}
