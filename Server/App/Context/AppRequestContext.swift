import ExamPrepShared
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The request context of every route. `ClientAddressMiddleware` settles `clientAddress`;
/// the authenticator fills `identity`, and routes that need it use `AuthenticatedContext`,
/// where it is not optional.
struct AppRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The address of the socket's peer (a proxy, when there is one).
    let peerAddress: String
    /// The client's address, for limits and logs: the peer, or behind a trusted proxy the
    /// address it forwarded for.
    var clientAddress: String
    var identity: AuthenticatedUser?
    /// A page request's browser session and form (`WebSessionMiddleware`, `CSRFMiddleware`);
    /// nil on the API, which never reads the cookie.
    var page: PageVisit?
    /// The client's connection, whose closing cancels the request's work.
    let channel: (any Channel)?
    /// The language the request is answered in (`LanguageMiddleware`; English until it has run).
    var language = LanguageChoice()

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
        self.peerAddress = Self.describe(source.channel.remoteAddress)
        self.clientAddress = peerAddress
        self.identity = nil
        self.page = nil
    }

    var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    var responseEncoder: APIResponseEncoder { APIResponseEncoder() }
    /// The body limit of the API (1 MiB): 413 beyond it.
    var maxUploadSize: Int { APILimits.maxBodyBytes }

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
    /// The language the request is answered in: the person's own setting first.
    let language: LanguageChoice

    init(context: AppRequestContext) throws {
        guard let identity = context.identity else { throw HTTPFailure.missingToken }
        self.coreContext = context.coreContext
        self.user = identity
        self.clientAddress = context.clientAddress
        self.language = context.language
    }

    var requestDecoder: APIRequestDecoder { APIRequestDecoder() }
    var responseEncoder: APIResponseEncoder { APIResponseEncoder() }
    var maxUploadSize: Int { APILimits.maxBodyBytes }
}

/// Sizes the API holds every request to.
enum APILimits {
    /// The largest request body (1 MiB).
    static let maxBodyBytes = 1 << 20
}
