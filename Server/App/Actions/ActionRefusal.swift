import ExamPrepShared

/// A faculty use case's refusal: which kind of no it is and its sentence (a catalogue key and
/// its values). Knows no HTTP: the API's `ErrorMiddleware` and the pages answer it as they
/// answer (`ActionRefusal.failure`, its status and code), so a use case says each refusal once
/// for both faces.
struct ActionRefusal: Error, Sendable, Equatable {
    /// What went wrong, as a face needs it to choose its answer.
    enum Kind: Sendable, Equatable {
        /// Not there, or not the teacher's (another's course, exam or attempt is not theirs to see).
        case notFound
        /// The request does not fit what is stored now (a name taken, an exam not a draft).
        case conflict
        /// A course's cap is reached (its sentence names the cap).
        case capReached
        /// A value the rules refuse that the shape of the request let through.
        case invalid
        /// Nothing is wrong with the request, but the server cannot do it now: try again.
        case busy
        /// A per-account limit, free again in `retryAfter` seconds.
        case limited(retryAfter: Int)
    }

    var kind: Kind
    var message: Message

    static func notFound(_ key: String, _ values: [String: MessageValue] = [:]) -> ActionRefusal {
        ActionRefusal(kind: .notFound, message: Message(key, values))
    }

    static func conflict(_ key: String, _ values: [String: MessageValue] = [:]) -> ActionRefusal {
        ActionRefusal(kind: .conflict, message: Message(key, values))
    }

    static func invalid(_ key: String, _ values: [String: MessageValue] = [:]) -> ActionRefusal {
        ActionRefusal(kind: .invalid, message: Message(key, values))
    }

    static func capReached(_ message: Message) -> ActionRefusal { ActionRefusal(kind: .capReached, message: message) }

    static func busy(_ message: Message) -> ActionRefusal { ActionRefusal(kind: .busy, message: message) }

    static func limited(_ refusal: RateLimiter.Refusal) -> ActionRefusal {
        ActionRefusal(kind: .limited(retryAfter: refusal.retryAfter), message: refusal.message)
    }
}
