import ExamPrepShared

/// Where one question's answer stands (`AnswerQueue.state(of:)`).
public enum AnswerState: Sendable, Hashable {
    case unanswered
    /// The server holds the latest answer.
    case saved
    /// Given, and waiting to reach the server.
    case pending
    /// The server refused it, for this reason; it is not sent again.
    case failed(String)
}

/// An answer the server refused, and why.
public struct FailedAnswer: Codable, Sendable, Hashable {
    public var answer: AnswerInput
    public var reason: String
}

/// How a failed save is handled.
enum SaveFailure {
    /// No answer, or the server is unavailable for now: keep the queue and try again later.
    case unreachable
    /// The session has ended: keep the queue for after the next sign-in.
    case signedOut
    /// The server refused the answers for good (the attempt has ended, an answer is invalid).
    case refused
    /// The attempt was moved to another tab or app (`ErrorReason.movedAway`): keep the queue
    /// until it is moved back here.
    case movedAway

    init(_ error: APIError) {
        switch error {
        case .transport, .undecodableBody: self = .unreachable
        case .notSignedIn, .sessionExpired, .sessionOfAnotherServer: self = .signedOut
        case .server(409, _, _, let reason?) where reason == .movedAway: self = .movedAway
        case .server(let status, _, _, _):
            switch status {
            case 401: self = .signedOut
            case 408, 429, 500...: self = .unreachable
            default: self = .refused
            }
        }
    }
}
