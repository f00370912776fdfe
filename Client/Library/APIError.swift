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

    public var errorDescription: String? {
        switch self {
        case .server(_, _, let message, _):
            message
        case .undecodableBody(let status, let detail):
            "The server's answer (HTTP \(status)) could not be read: \(detail)"
        case .transport(let error):
            "Could not reach the server: \(error.localizedDescription)"
        case .notSignedIn:
            "You are not signed in."
        case .sessionExpired:
            "Your session has expired. Please sign in again."
        case .sessionOfAnotherServer(let server):
            "You are signed in to \(server ?? "a server this version did not record"), not to this server; "
                + "its tokens are not sent here. Sign in to this server, or point at the one you signed in to."
        }
    }
}
