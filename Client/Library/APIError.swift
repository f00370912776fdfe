import ExamPrepShared
import Foundation

/// Everything that can go wrong talking to the ExamPrep server.
public enum APIError: Error, LocalizedError {
    /// The server answered with a non-2xx status and its `ErrorResponse` body (`reason`, when
    /// the refusal names one: why an attempt may not start).
    case server(status: Int, code: ErrorCode, message: String, reason: ErrorReason? = nil)
    /// The server answered, but the body was not what the API promises (a proxy's HTML
    /// page, a truncated body, a newer incompatible shape).
    case undecodableBody(status: Int, detail: String)
    /// The request never got an answer: no network, refused connection, timeout, TLS.
    case transport(any Error)
    /// A protected call was made with no stored session.
    case notSignedIn
    /// The session could not be renewed (refresh token rejected or missing); it was cleared.
    case sessionExpired
    /// The stored session was issued by another server (its origin, or nil for a session
    /// stored before sessions named their server): its tokens are not sent to this one.
    case sessionOfAnotherServer(String?)

    /// The HTTP status, when the server answered.
    public var status: Int? {
        switch self {
        case .server(let status, _, _, _), .undecodableBody(let status, _): status
        case .transport, .notSignedIn, .sessionExpired, .sessionOfAnotherServer: nil
        }
    }

    /// The server's machine-readable code, when it sent one.
    public var code: ErrorCode? {
        if case .server(_, let code, _, _) = self { code } else { nil }
    }

    /// The server's machine-readable reason, when it sent one (`ErrorReason.tooSoon`, …).
    public var reason: ErrorReason? {
        if case .server(_, _, _, let reason) = self { reason } else { nil }
    }

    /// The sentence for a person in `catalogue`'s language; the server's own message as it came
    /// (it is in the language the request asked for).
    public func message(in catalogue: Catalogue) -> String {
        switch self {
        case .server(_, _, let message, _):
            message
        case .undecodableBody(let status, let detail):
            catalogue.string(Message("client.undecodable", ["status": .text(String(status)), "detail": .text(detail)]))
        case .transport(let error):
            catalogue.string(Message("client.unreachable", ["error": .text(error.localizedDescription)]))
        case .notSignedIn:
            catalogue.string(Message("client.not-signed-in"))
        case .sessionExpired:
            catalogue.string(Message("client.session-expired"))
        case .sessionOfAnotherServer(let server):
            catalogue.string(
                Message("client.other-server", ["server": server.map { .text($0) } ?? .message(Message("client.unrecorded-server"))]))
        }
    }

    /// In English; an app says ``message(in:)`` in its reader's language.
    public var errorDescription: String? { message(in: .of(.en)) }
}
